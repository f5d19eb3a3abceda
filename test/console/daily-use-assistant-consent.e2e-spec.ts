import { freePort } from '../../src/common/net/free-port.js';
import {
  seedAccount,
  seedArticle,
  seedSite,
  seedUser,
  type SeededUser,
} from '../support/fixtures.js';
import {
  CookieBrowser,
  TestAssistant,
  clientMetadata,
  csrfOf,
  postToMcp,
} from '../support/oauth-client.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The consent page lets the person narrow what an assistant may do (untick
 * `write`: `read` only, in the token and on /mcp), and two Allows of one
 * request make one connection and both lead on to the assistant.
 */
describe('consent with scopes the person can narrow, and Allow twice', () => {
  let t: TestApp;
  let base: string;
  let mcpUrl: string;
  let who: SeededUser;
  let accountId: number;
  let articleId: number;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    mcpUrl = `${base}/mcp`;
    t = await createTestApp({ PUBLIC_BASE_URL: base, RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen(port, '127.0.0.1');
    ({ accountId } = await seedAccount(t.db));
    who = await seedUser(t.db, accountId);
    articleId = await seedArticle(t.db, await seedSite(t.db, accountId));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A signed-in browser on the consent page of an assistant asking for `read write`. */
  async function consent(name: string) {
    const assistant = new TestAssistant({ ...clientMetadata(name), scope: 'read write' });
    const url = await assistant.start(mcpUrl);
    url.searchParams.set('scope', 'read write');
    const browser = new CookieBrowser(base);
    await browser.signIn(who.email, who.password);
    const { response } = await browser.follow(await browser.get(url));
    expect(response.status).toBe(200);
    const page = await response.text();
    const action =
      /<form method="post" action="(\/console\/authorize\/[^"]+\/allow)" id="allow">/.exec(
        page,
      )![1];
    /** Allow, as the page's form posts it: the boxes left ticked. */
    const allow = (scopes: string[]) => {
      const fields: Array<[string, string]> = [
        ['_csrf', csrfOf(page)],
        ['scopes_shown', '1'],
        ...scopes.map((scope): [string, string] => ['scope', scope]),
      ];
      return fetch(new URL(action, base), {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie: browser.cookieHeader(),
          origin: base,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields).toString(),
      });
    };
    return { assistant, browser, page, allow };
  }

  async function connections(clientId: string) {
    return t.db.query<Array<{ scopes: string[] }>>(
      `SELECT scopes FROM oauth_connections WHERE client_id = $1`,
      [clientId],
    );
  }

  async function tool(token: string, name: string, args: Record<string, unknown>) {
    const res = await postToMcp(mcpUrl, token, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    const { result } = (await res.json()) as {
      result: { isError?: boolean; structuredContent?: { error?: string } };
    };
    return result;
  }

  it('offers each scope asked for as a ticked box', async () => {
    const { page } = await consent('Boxes');
    expect(page).toMatch(
      /<input type="checkbox" name="scope" value="read" checked="" form="allow"\/>/,
    );
    expect(page).toMatch(
      /<input type="checkbox" name="scope" value="write" checked="" form="allow"\/>/,
    );
  });

  it('grants read only when write is unticked: in the token, the connection and on /mcp', async () => {
    const { assistant, browser, allow } = await consent('Read Only');
    const { location } = await browser.follow(await allow(['read']));
    const tokens = await assistant.finish(mcpUrl, location!.searchParams.get('code')!);
    expect(tokens.scope).toBe('read');
    expect(await connections(assistant.clientInformation()!.client_id)).toEqual([
      { scopes: ['read'] },
    ]);
    expect((await tool(tokens.access_token, 'list_sites', {})).isError ?? false).toBe(false);
    const refused = await tool(tokens.access_token, 'update_article', {
      article_id: articleId,
      body: '<p>No.</p>',
    });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent?.error).toBe('insufficient_scope');
    // A refreshed token keeps the narrower scope.
    expect((await assistant.refresh(mcpUrl)).scope).toBe('read');
  });

  it('refuses Allow with nothing ticked, makes nothing, and the request still waits', async () => {
    const { assistant, browser, allow } = await consent('Nothing Ticked');
    const refused = await allow([]);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Nothing was ticked');
    const clientId = assistant.clientInformation()!.client_id;
    expect(await connections(clientId)).toEqual([]);
    const { location } = await browser.follow(await allow(['read', 'write']));
    const tokens = await assistant.finish(mcpUrl, location!.searchParams.get('code')!);
    expect(tokens.scope).toBe('read write');
  });

  it('makes one connection from two Allows at once, and both lead on to the assistant', async () => {
    const { assistant, browser, allow } = await consent('Double Click');
    const answers = await Promise.all([allow(['read']), allow(['read'])]);
    expect(answers.map((res) => res.status)).toEqual([303, 303]);
    expect(answers[0].headers.get('location')).toBe(answers[1].headers.get('location'));
    const clientId = assistant.clientInformation()!.client_id;
    expect(await connections(clientId)).toEqual([{ scopes: ['read'] }]);
    // The browser shows whichever answer came last; it leads to the assistant with a code.
    const { location } = await browser.follow(answers[1]);
    const tokens = await assistant.finish(mcpUrl, location!.searchParams.get('code')!);
    expect(tokens.scope).toBe('read');
    expect(await connections(clientId)).toHaveLength(1);
  });
});
