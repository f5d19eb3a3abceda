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
 * A connection acts exactly like a key with the scopes it was granted: scope
 * refusals, plan and suspension rules, the daily edit limit counted per
 * connection; and a person whose account has no API access cannot allow one.
 */
describe('what a connection may do', () => {
  let t: TestApp;
  let base: string;
  let mcpUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    mcpUrl = `${base}/mcp`;
    t = await createTestApp({ PUBLIC_BASE_URL: base, EDIT_LIMIT_PER_DAY: '1' });
    await t.app.listen(port, '127.0.0.1');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function consentPage(who: SeededUser, scope: string) {
    const assistant = new TestAssistant({ ...clientMetadata('Scoped Assistant'), scope });
    const url = await assistant.start(mcpUrl);
    url.searchParams.set('scope', scope);
    const browser = new CookieBrowser(base);
    await browser.signIn(who.email, who.password);
    const { response } = await browser.follow(await browser.get(url));
    return { assistant, browser, response, page: await response.text() };
  }

  async function connect(who: SeededUser, scope: string) {
    const { assistant, browser, page } = await consentPage(who, scope);
    const action = /action="(\/console\/authorize\/[^"]+\/allow)"/.exec(page)![1];
    const { location } = await browser.follow(await browser.post(action, { _csrf: csrfOf(page) }));
    return assistant.finish(mcpUrl, location!.searchParams.get('code')!);
  }

  function send(token: string, method: string, params?: unknown) {
    return postToMcp(mcpUrl, token, { jsonrpc: '2.0', id: 1, method, params });
  }

  async function tool(token: string, name: string, args: Record<string, unknown>) {
    const res = await send(token, 'tools/call', { name, arguments: args });
    const { result } = (await res.json()) as {
      result: { isError?: boolean; structuredContent?: { error?: string } };
    };
    return result;
  }

  it('grants only the scopes asked for: a read connection cannot edit', async () => {
    const { accountId } = await seedAccount(t.db);
    const who = await seedUser(t.db, accountId);
    const articleId = await seedArticle(t.db, await seedSite(t.db, accountId));
    const tokens = await connect(who, 'read');
    expect(tokens.scope).toBe('read');
    expect((await tool(tokens.access_token, 'list_sites', {})).isError ?? false).toBe(false);
    const refused = await tool(tokens.access_token, 'update_article', {
      article_id: articleId,
      body: '<p>No.</p>',
    });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent?.error).toBe('insufficient_scope');
  });

  it('answers a token without read on /mcp with 403 insufficient_scope and says so', async () => {
    const { accountId } = await seedAccount(t.db);
    const who = await seedUser(t.db, accountId);
    const tokens = await connect(who, 'write');
    const res = await send(tokens.access_token, 'tools/list');
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="read write"`,
    );
  });

  it('counts the daily edit limit per connection', async () => {
    const { accountId, key } = await seedAccount(t.db);
    const who = await seedUser(t.db, accountId);
    const articleId = await seedArticle(t.db, await seedSite(t.db, accountId));
    const tokens = await connect(who, 'read write');
    const edit = (title: string) =>
      tool(tokens.access_token, 'update_article', {
        article_id: articleId,
        title,
        body: '<p>Edited.</p>',
      });
    expect((await edit('First')).isError ?? false).toBe(false);
    const second = await edit('Second');
    expect(second.isError).toBe(true);
    expect(second.structuredContent?.error).toBe('edit_limit_exceeded');
    const [{ count }] = await t.db.query(
      `SELECT count FROM daily_connection_edit_counts c
         JOIN oauth_connections o ON o.id = c.connection_id WHERE o.account_id = $1`,
      [accountId],
    );
    expect(count).toBe(1);
    // The account's key has a limit of its own.
    const byKey = await fetch(`${base}/api/v1/articles/${articleId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'By key', body: '<p>Edited by key.</p>' }),
    });
    expect(byKey.status).toBe(200);
  });

  it('applies suspension to connections as to keys', async () => {
    const { accountId } = await seedAccount(t.db);
    const who = await seedUser(t.db, accountId);
    const tokens = await connect(who, 'read');
    await t.db.query(`UPDATE accounts SET status = 'suspended' WHERE id = $1`, [accountId]);
    // Within the few seconds the token's state is cached, the suspension applies.
    const deadline = Date.now() + 10_000;
    let res = await send(tokens.access_token, 'tools/list');
    while (res.status !== 403 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await send(tokens.access_token, 'tools/list');
    }
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'account_suspended' });
  });

  it('ends the connection when the assistant revokes its refresh token (RFC 7009)', async () => {
    const { accountId } = await seedAccount(t.db);
    const who = await seedUser(t.db, accountId);
    const { assistant, browser, page } = await consentPage(who, 'read');
    const action = /action="(\/console\/authorize\/[^"]+\/allow)"/.exec(page)![1];
    const { location } = await browser.follow(await browser.post(action, { _csrf: csrfOf(page) }));
    const tokens = await assistant.finish(mcpUrl, location!.searchParams.get('code')!);
    const revoked = await fetch(`${base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: tokens.refresh_token!,
        client_id: assistant.clientInformation()!.client_id,
      }).toString(),
    });
    expect(revoked.status).toBe(200);
    const [connection] = await t.db.query(
      `SELECT revoked_at FROM oauth_connections WHERE account_id = $1`,
      [accountId],
    );
    expect(connection.revoked_at).not.toBeNull();
    expect((await send(tokens.access_token, 'tools/list')).status).toBe(401);
  });

  it('tells a person whose account has no API access why, and offers no Allow', async () => {
    const { accountId } = await seedAccount(t.db, { plan: 'starter' });
    const who = await seedUser(t.db, accountId);
    const { browser, response, page } = await consentPage(who, 'read');
    expect(response.status).toBe(200);
    expect(page).toContain('The Starter plan has no API access');
    expect(page).not.toContain('>Allow<');
    expect(page).toContain('Deny');
    const uid = /action="\/console\/authorize\/([^"/]+)\/deny"/.exec(page)![1];
    const refused = await browser.post(`/console/authorize/${uid}/allow`, { _csrf: csrfOf(page) });
    expect(refused.status).toBe(403);
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM oauth_connections WHERE account_id = $1`,
      [accountId],
    );
    expect(n).toBe(0);
  });
});
