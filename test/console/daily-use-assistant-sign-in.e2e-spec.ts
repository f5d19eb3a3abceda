import { freePort } from '../../src/common/net/free-port.js';
import { seedAccount, seedUser, type SeededUser } from '../support/fixtures.js';
import { clientMetadata, CookieBrowser, csrfOf, TestAssistant } from '../support/oauth-client.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** A page's text as a person reads it: tags dropped, spaces collapsed, entities read. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the sign-in page during an assistant’s request names the assistant', () => {
  let t: TestApp;
  let base: string;
  let mcpUrl: string;
  let user: SeededUser;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    mcpUrl = `${base}/mcp`;
    t = await createTestApp({ PUBLIC_BASE_URL: base });
    await t.app.listen(port, '127.0.0.1');
    const account = await seedAccount(t.db, { name: 'Acme Agency' });
    user = await seedUser(t.db, account.accountId, { name: 'Olga Owner' });
  });
  afterAll(() => t?.close());

  /** An assistant registers and sends the browser to authorize; where the browser stops, not signed in. */
  async function askedBy(
    name: string,
  ): Promise<{ browser: CookieBrowser; url: URL; page: string }> {
    const assistant = new TestAssistant(clientMetadata(name));
    const browser = new CookieBrowser(base);
    const { response } = await browser.follow(await browser.get(await assistant.start(mcpUrl)));
    return { browser, url: new URL(response.url), page: await response.text() };
  }

  it('says which assistant asks, and signing in leads on to its consent page', async () => {
    const { browser, url, page } = await askedBy('Claude');
    expect(url.pathname).toBe('/console/sign-in');
    expect(url.searchParams.get('return_to')).toMatch(/^\/console\/authorize\/[\w-]+$/);
    expect(textOf(page)).toContain('Sign in to allow Claude to use content-api');
    expect(page).toContain('<title>Sign in to allow Claude · content-api console</title>');

    const signedIn = await browser.post('/console/sign-in', {
      _csrf: csrfOf(page),
      email: user.email,
      password: user.password,
      return_to: url.searchParams.get('return_to')!,
    });
    expect(signedIn.status).toBe(303);
    const consent = await (await browser.follow(signedIn)).response.text();
    expect(textOf(consent)).toContain('Claude');
    expect(consent).toContain('>Allow</button>');
  });

  it('shows the name as text, however it is written', async () => {
    const { page } = await askedBy('Evil <img src=x onerror=alert(1)> & Co');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('Evil &lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(textOf(page)).toContain(
      'Sign in to allow Evil <img src=x onerror=alert(1)> & Co to use content-api',
    );
  });

  it('is the usual sign-in page without a waiting request, or for one that does not exist', async () => {
    const browser = new CookieBrowser(base);
    for (const path of [
      '/console/sign-in',
      '/console/sign-in?return_to=%2Fconsole%2Fauthorize%2Fno-such-request',
    ]) {
      const page = textOf(await (await browser.get(path)).text());
      expect(page).toContain("Sign in to your agency's content-api console.");
      expect(page).not.toContain('to allow');
    }
  });
});
