import { createHash } from 'node:crypto';
import { LearningLogWriter } from '../src/audit/learning-log.writer.js';
import { freePort } from '../src/common/net/free-port.js';
import {
  seedAccount,
  seedArticle,
  seedSite,
  seedUser,
  type SeededUser,
} from './support/fixtures.js';
import {
  CookieBrowser,
  MetadataDocumentHost,
  REDIRECT_URL,
  TestAssistant,
  clientMetadata,
  csrfOf,
} from './support/oauth-client.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The authorization server's refusals and its bookkeeping, driven over HTTP
 * (sign-in and Allow by form posts); the whole flow in a real browser with
 * the SDK's client is in oauth-browser.e2e-spec.ts.
 */
describe('OAuth for the hosted agent server', () => {
  let t: TestApp;
  let base: string;
  let mcpUrl: string;
  let user: SeededUser;
  let accountId: number;
  let key: string;
  let articleId: number;
  const documents = new MetadataDocumentHost();
  let documentsBase: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    mcpUrl = `${base}/mcp`;
    t = await createTestApp({ PUBLIC_BASE_URL: base, OAUTH_ALLOW_INSECURE_METADATA_URLS: 'true' });
    await t.app.listen(port, '127.0.0.1');
    const account = await seedAccount(t.db, { name: 'Acme Agency' });
    accountId = account.accountId;
    key = account.key;
    user = await seedUser(t.db, accountId, { name: 'Olga Owner' });
    const siteId = await seedSite(t.db, accountId, { name: 'Acme Plumbing' });
    articleId = await seedArticle(t.db, siteId, { title: 'Radiators' });
    documentsBase = await documents.start();
  });
  afterAll(async () => {
    await documents.stop();
    await t?.close();
  });

  /** Signs in and answers the consent page; returns where the browser was sent back to. */
  async function answer(
    authorizationUrl: URL,
    decision: 'allow' | 'deny',
    who = user,
  ): Promise<URL> {
    const browser = new CookieBrowser(base);
    await browser.signIn(who.email, who.password);
    const { response } = await browser.follow(await browser.get(authorizationUrl));
    expect(response.status).toBe(200);
    const page = await response.text();
    const action = new RegExp(`action="(/console/authorize/[^"]+/${decision})"`).exec(page)?.[1];
    if (action === undefined) throw new Error(`No ${decision} form on the consent page`);
    const { location, response: last } = await browser.follow(
      await browser.post(action, { _csrf: csrfOf(page) }),
    );
    if (location === undefined) {
      throw new Error(`Not sent back to the assistant: ${last.status} ${await last.text()}`);
    }
    return location;
  }

  async function connectByRegistration(name = 'Test Assistant') {
    const assistant = new TestAssistant(clientMetadata(name));
    const sentBack = await answer(await assistant.start(mcpUrl), 'allow');
    const tokens = await assistant.finish(mcpUrl, sentBack.searchParams.get('code')!);
    return { assistant, tokens, sentBack };
  }

  function mcp(token: string, body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list' }) {
    return fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify(body),
    });
  }

  describe('discovery', () => {
    it('answers /mcp without a credential with 401 pointing at the resource metadata', async () => {
      const res = await fetch(mcpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="read write"`,
      );
    });

    it('serves the protected resource metadata at both addresses', async () => {
      for (const path of [
        '/.well-known/oauth-protected-resource/mcp',
        '/.well-known/oauth-protected-resource',
      ]) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          resource: mcpUrl,
          authorization_servers: [base],
          scopes_supported: ['read', 'write'],
          bearer_methods_supported: ['header'],
        });
      }
    });

    it('serves the authorization server metadata at both addresses', async () => {
      for (const path of [
        '/.well-known/oauth-authorization-server',
        '/.well-known/openid-configuration',
      ]) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          issuer: base,
          authorization_endpoint: `${base}/oauth/authorize`,
          token_endpoint: `${base}/oauth/token`,
          registration_endpoint: `${base}/oauth/register`,
          revocation_endpoint: `${base}/oauth/revoke`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: [
            'none',
            'client_secret_basic',
            'client_secret_post',
          ],
          client_id_metadata_document_supported: true,
          authorization_response_iss_parameter_supported: true,
        });
      }
    });
  });

  describe('a connection made by dynamic registration', () => {
    it('returns state and iss, and the token works on /mcp but not on /api/v1', async () => {
      const { assistant, tokens, sentBack } = await connectByRegistration();
      expect(`${sentBack.origin}${sentBack.pathname}`).toBe(REDIRECT_URL);
      expect(sentBack.searchParams.get('iss')).toBe(base);
      expect(sentBack.searchParams.get('state')).toBe(assistant.lastState);
      expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'read write', expires_in: 3600 });
      expect(tokens.refresh_token).toBeTruthy();

      const listed = await mcp(tokens.access_token);
      expect(listed.status).toBe(200);

      const direct = await fetch(`${base}/api/v1/sites`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(direct.status).toBe(401);
      expect(await direct.json()).toMatchObject({ error: 'invalid_credentials' });
    });

    it('stores codes and tokens only as hashes', async () => {
      const { tokens } = await connectByRegistration();
      const rows = await t.db.query(`SELECT id_hash, payload::text AS payload FROM oauth_records`);
      const everything = JSON.stringify(rows);
      expect(everything).not.toContain(tokens.access_token);
      expect(everything).not.toContain(tokens.refresh_token!);
      const hash = createHash('sha256').update(tokens.access_token).digest('hex');
      expect(rows.map((row: { id_hash: string }) => row.id_hash)).toContain(hash);
    });

    it('lets an edit through the connection be a revision with origin mcp, logged under the connection', async () => {
      const { tokens } = await connectByRegistration('Edit Bot');
      const [connection] = await t.db.query(
        `SELECT id FROM oauth_connections WHERE assistant_name = 'Edit Bot'`,
      );
      const res = await mcp(tokens.access_token, {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'update_article',
          arguments: { article_id: articleId, title: 'Bleeding radiators', body: '<p>New.</p>' },
        },
      });
      expect(res.status).toBe(200);
      const { result } = (await res.json()) as { result: { isError?: boolean } };
      expect(result.isError).toBeFalsy();
      const [revision] = await t.db.query(
        `SELECT origin, key_id, connection_id FROM article_revisions WHERE article_id = $1 ORDER BY number DESC LIMIT 1`,
        [articleId],
      );
      expect(revision).toEqual({ origin: 'mcp', key_id: null, connection_id: connection.id });
      await t.app.get(LearningLogWriter).flush();
      const logged = await t.db.query(
        `SELECT channel, operation, key_id, account_id, status FROM learning_log WHERE connection_id = $1`,
        [connection.id],
      );
      expect(logged).toContainEqual({
        channel: 'mcp',
        operation: 'update_article',
        key_id: null,
        account_id: accountId,
        status: 200,
      });
    });
  });
});
