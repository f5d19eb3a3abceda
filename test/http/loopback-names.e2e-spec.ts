import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { freePort } from '../../src/common/net/free-port.js';
import { describeInBrowser, launchChromium, watchForScript } from '../support/browser.js';
import { callTool } from '../support/mcp-client.js';
import { seedAccount, seedSite, seedUser, type SeededUser } from '../support/fixtures.js';
import {
  CookieBrowser,
  REDIRECT_URL,
  TestAssistant,
  clientMetadata,
  csrfOf,
  postToMcp,
} from '../support/oauth-client.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The service at its default kind of public address, `http://localhost:PORT`,
 * opened and connected to at the host's other loopback names (127.0.0.1,
 * [::1]): console pages are sent to the public address before any form is
 * shown, an assistant given `http://127.0.0.1:PORT/mcp` finds metadata for
 * that address and connects, and a form posted from a page of another
 * address gets a page naming the address to use.
 */
describe('the console and assistants at every loopback name of the host', () => {
  let t: TestApp;
  let port: number;
  /** PUBLIC_BASE_URL */
  let publicBase: string;
  /** The same server at its other loopback name. */
  let alias: string;
  let user: SeededUser;

  beforeAll(async () => {
    port = await freePort();
    publicBase = `http://localhost:${port}`;
    alias = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_BASE_URL: publicBase, RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen(port, '127.0.0.1');
    const { accountId } = await seedAccount(t.db, { name: 'Acme Agency' });
    user = await seedUser(t.db, accountId, { name: 'Olga Owner' });
    await seedSite(t.db, accountId, { name: 'Acme Plumbing' });
  });
  afterAll(() => t?.close());

  /** Signs in at the public address and answers the consent page; returns the code sent back. */
  async function allow(authorizationUrl: URL): Promise<string> {
    const browser = new CookieBrowser(publicBase);
    await browser.signIn(user.email, user.password);
    const { response } = await browser.follow(await browser.get(authorizationUrl));
    expect(response.status).toBe(200);
    const page = await response.text();
    const action = /action="(\/console\/authorize\/[^"]+\/allow)"/.exec(page)![1];
    const { location } = await browser.follow(await browser.post(action, { _csrf: csrfOf(page) }));
    expect(`${location?.origin}${location?.pathname}`).toBe(REDIRECT_URL);
    return location!.searchParams.get('code')!;
  }

  describe('console pages', () => {
    it.each([
      '/console',
      '/console/sign-in?return_to=%2Fconsole%2Fconnection',
      '/console/articles/12/revisions/1/restore?etag=%22x%22',
      '/oauth/authorize?client_id=abc&state=s%20t',
    ])('asked for at 127.0.0.1 are sent to the public address first: %s', async (path) => {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${alias}${path}`, { method, redirect: 'manual' });
        expect([method, res.status, res.headers.get('location')]).toEqual([
          method,
          303,
          `${publicBase}${path}`,
        ]);
        expect(res.headers.get('set-cookie')).toBeNull();
      }
    });

    it('are served at the public address as always, and the sign-in works there', async () => {
      const page = await fetch(`${publicBase}/console/sign-in`, { redirect: 'manual' });
      expect(page.status).toBe(200);
      await new CookieBrowser(publicBase).signIn(user.email, user.password);
    });

    it('answer a form posted from a page of another address with a page naming the address to use', async () => {
      const signedInAt = () =>
        t.db.query(`SELECT last_sign_in_at FROM users WHERE id = $1`, [user.userId]);
      const before = await signedInAt();
      for (const elsewhere of [alias, `http://mybox.lan:${port}`, `http://127.0.0.1:${port + 1}`]) {
        const host = new URL(elsewhere).host;
        // The page as it was opened there (at 127.0.0.1, before it was sent on; or elsewhere).
        const form = await request(t.http).get('/console/sign-in').set('Host', `localhost:${port}`);
        expect(form.status).toBe(200);
        const cookie = (form.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
        const res = await request(t.http)
          .post('/console/sign-in')
          .set('Host', host)
          .set('Origin', elsewhere)
          .set('Cookie', cookie)
          .type('form')
          .send({ _csrf: csrfOf(form.text), email: user.email, password: user.password });
        expect([elsewhere, res.status]).toEqual([elsewhere, 403]);
        expect(res.text).toContain('Open the console at its own address');
        expect(res.text).toContain(`href="${publicBase}/console"`);
        expect(res.text).toContain('PUBLIC_BASE_URL');
        expect(res.text).not.toContain('This form could not be accepted');
      }
      expect(await signedInAt()).toEqual(before);
    });

    it('still refuse a form that another site posts to the public address, as cross-site', async () => {
      const browser = new CookieBrowser(publicBase);
      await browser.signIn(user.email, user.password);
      const res = await request(t.http)
        .post('/console/sign-out')
        .set('Host', `localhost:${port}`)
        .set('Origin', 'https://evil.example')
        .type('form')
        .send({});
      expect(res.status).toBe(403);
      expect(res.text).toContain('This form could not be accepted');
    });
  });

  describe('an assistant given http://127.0.0.1:PORT/mcp', () => {
    it('is pointed at the metadata of that address, which names that address as the resource', async () => {
      const challenge = await fetch(`${alias}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(challenge.status).toBe(401);
      expect(challenge.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${alias}/.well-known/oauth-protected-resource/mcp", scope="read write"`,
      );
      for (const [host, base] of [
        [`127.0.0.1:${port}`, alias],
        [`[::1]:${port}`, `http://[::1]:${port}`],
        [`localhost:${port}`, publicBase],
        // Not a loopback alias of the public address: the public one.
        [`127.0.0.1:${port + 1}`, publicBase],
      ]) {
        const res = await request(t.http)
          .get('/.well-known/oauth-protected-resource/mcp')
          .set('Host', host);
        expect([host, res.body]).toEqual([
          host,
          {
            resource: `${base}/mcp`,
            authorization_servers: [publicBase],
            scopes_supported: ['read', 'write'],
            bearer_methods_supported: ['header'],
          },
        ]);
      }
      const publicChallenge = await fetch(`${publicBase}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(publicChallenge.headers.get('www-authenticate')).toContain(
        `resource_metadata="${publicBase}/.well-known/oauth-protected-resource/mcp"`,
      );
    });

    it('connects with the MCP SDK’s client: discovery, registration, sign-in, Allow, tool calls and refresh', async () => {
      const mcpUrl = `${alias}/mcp`;
      const assistant = new TestAssistant(clientMetadata('Loopback Assistant'));
      const authorizationUrl = await assistant.start(mcpUrl);
      expect(authorizationUrl.origin).toBe(publicBase);
      expect(authorizationUrl.searchParams.get('resource')).toBe(mcpUrl);
      const tokens = await assistant.finish(mcpUrl, await allow(authorizationUrl));

      const [stored] = await t.db.query(
        `SELECT payload -> 'aud' AS aud FROM oauth_records WHERE model = 'AccessToken' AND id_hash = $1`,
        [createHash('sha256').update(tokens.access_token).digest('hex')],
      );
      expect(stored.aud).toBe(`${publicBase}/mcp`);
      for (const url of [mcpUrl, `${publicBase}/mcp`]) {
        const listed = await postToMcp(url, tokens.access_token, {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
        });
        expect([url, listed.status]).toEqual([url, 200]);
      }

      const client = new Client({ name: 'loopback-e2e', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: assistant }),
      );
      expect((await callTool(client, 'list_sites')).isError ?? false).toBe(false);
      await client.close();
      await assistant.refresh(mcpUrl);
    });

    it('has its resource parameter accepted for the alias’s /mcp only', async () => {
      const registered = await fetch(`${publicBase}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(clientMetadata('Resource Prober')),
      });
      const { client_id: clientId } = (await registered.json()) as { client_id: string };
      const verdict = async (resource: string) => {
        const url = new URL(`${publicBase}/oauth/authorize`);
        url.search = new URLSearchParams({
          client_id: clientId,
          redirect_uri: REDIRECT_URL,
          response_type: 'code',
          scope: 'read',
          state: 's',
          code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
          code_challenge_method: 'S256',
          resource,
        }).toString();
        const res = await fetch(url, { redirect: 'manual' });
        const location = new URL(res.headers.get('location')!, publicBase);
        return (
          location.searchParams.get('error') ?? location.pathname.split('/').slice(0, 3).join('/')
        );
      };
      expect(await verdict(`${alias}/mcp`)).toBe('/console/authorize');
      expect(await verdict(`http://[::1]:${port}/mcp`)).toBe('/console/authorize');
      expect(await verdict(`${publicBase}/mcp`)).toBe('/console/authorize');
      for (const other of [
        `${alias}/api/v1`,
        `http://127.0.0.1:${port + 1}/mcp`,
        `http://mybox.lan:${port}/mcp`,
        'https://evil.example/mcp',
      ]) {
        expect([other, await verdict(other)]).toEqual([other, 'invalid_target']);
      }
    });
  });

  describeInBrowser('in Chromium', () => {
    let browser: Browser;

    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(() => browser?.close());

    async function signInAt(page: Page, start: string): Promise<void> {
      await page.goto(start);
      expect(new URL(page.url()).origin).toBe(publicBase);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }

    it('signs in to the console opened at http://127.0.0.1:PORT/console', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const { incidents } = watchForScript(page);
      await signInAt(page, `${alias}/console/connection`);
      await page.waitForURL(`${publicBase}/console/connection`);
      await page.getByRole('heading', { name: 'Connection', level: 1 }).waitFor();
      expect(incidents).toEqual([]);
      await context.close();
    });

    it('connects the SDK’s client at 127.0.0.1 with sign-in and Allow in the browser', async () => {
      const mcpUrl = `${alias}/mcp`;
      const assistant = new TestAssistant(clientMetadata('Browser Loopback Assistant'));
      const authorizationUrl = await assistant.start(mcpUrl);
      const context = await browser.newContext();
      const page = await context.newPage();
      let sentBack: URL | undefined;
      await page.route(`${REDIRECT_URL}**`, async (route) => {
        sentBack = new URL(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/plain', body: 'Done.' });
      });
      // The person opens the address at the other loopback name, as a copied link might.
      await signInAt(page, `${alias}${authorizationUrl.pathname}${authorizationUrl.search}`);
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL(`${REDIRECT_URL}**`);
      await context.close();
      await assistant.finish(mcpUrl, sentBack!.searchParams.get('code')!);
      const client = new Client({ name: 'loopback-browser-e2e', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: assistant }),
      );
      expect((await callTool(client, 'list_sites')).isError ?? false).toBe(false);
      await client.close();
    });
  });
});
