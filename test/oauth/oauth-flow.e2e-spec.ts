import { createHash } from 'node:crypto';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
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
  MetadataDocumentHost,
  REDIRECT_URL,
  TestAssistant,
  clientMetadata,
  csrfOf,
  postToMcp,
} from '../support/oauth-client.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

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
    return postToMcp(mcpUrl, token, body);
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

  /** A code from an allowed request, not yet exchanged, with what the exchange needs. */
  async function codeFor(name: string) {
    const assistant = new TestAssistant(clientMetadata(name));
    const sentBack = await answer(await assistant.start(mcpUrl), 'allow');
    return {
      assistant,
      code: sentBack.searchParams.get('code')!,
      clientId: assistant.clientInformation()!.client_id,
    };
  }

  function token(fields: Record<string, string>) {
    return fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  describe('refusals', () => {
    it('refuses a code with the wrong PKCE verifier', async () => {
      const { code, clientId } = await codeFor('Wrong Verifier');
      const res = await token({
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: REDIRECT_URL,
        code_verifier: 'x'.repeat(64),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('refuses a code used twice, and ends the connection it made', async () => {
      const { assistant, code, clientId } = await codeFor('Code Twice');
      const exchange = {
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: REDIRECT_URL,
        code_verifier: assistant.codeVerifier(),
      };
      const first = await token(exchange);
      expect(first.status).toBe(200);
      const { access_token } = (await first.json()) as { access_token: string };
      const second = await token(exchange);
      expect(second.status).toBe(400);
      expect(await second.json()).toMatchObject({ error: 'invalid_grant' });
      expect((await mcp(access_token)).status).toBe(401);
      const [connection] = await t.db.query(
        `SELECT revoked_at FROM oauth_connections WHERE client_id = $1`,
        [clientId],
      );
      expect(connection.revoked_at).not.toBeNull();
    });

    it('rotates refresh tokens, and a used one presented again ends the whole connection', async () => {
      const { assistant, tokens } = await connectByRegistration('Refresh Twice');
      const clientId = assistant.clientInformation()!.client_id;
      const refresh = (refreshToken: string) =>
        token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
      const rotated = await refresh(tokens.refresh_token!);
      expect(rotated.status).toBe(200);
      const next = (await rotated.json()) as { access_token: string; refresh_token: string };
      expect(next.refresh_token).not.toBe(tokens.refresh_token);
      const reused = await refresh(tokens.refresh_token!);
      expect(reused.status).toBe(400);
      expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
      expect((await mcp(next.access_token)).status).toBe(401);
      expect((await refresh(next.refresh_token)).status).toBe(400);
    });

    it('does not send the person to a redirect URI the client did not register', async () => {
      const assistant = new TestAssistant(clientMetadata('Redirect Check'));
      const url = await assistant.start(mcpUrl);
      url.searchParams.set('redirect_uri', 'https://evil.example/callback');
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('redirect_uri');
    });

    it('accepts any port on a registered loopback redirect URI (RFC 8252)', async () => {
      const assistant = new TestAssistant(clientMetadata('Other Port'));
      const url = await assistant.start(mcpUrl);
      url.searchParams.set('redirect_uri', 'http://127.0.0.1:51999/callback');
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/^\/console\/authorize\//);
    });

    it('refuses a resource other than {mcp_url}', async () => {
      const assistant = new TestAssistant(clientMetadata('Other Resource'));
      const url = await assistant.start(mcpUrl);
      url.searchParams.set('resource', 'https://other.example/mcp');
      const res = await fetch(url, { redirect: 'manual' });
      const back = new URL(res.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URL);
      expect(back.searchParams.get('error')).toBe('invalid_target');
      expect(back.searchParams.get('iss')).toBe(base);
    });

    it('refuses PKCE plain', async () => {
      const assistant = new TestAssistant(clientMetadata('Plain PKCE'));
      const url = await assistant.start(mcpUrl);
      url.searchParams.set('code_challenge_method', 'plain');
      const res = await fetch(url, { redirect: 'manual' });
      const back = new URL(res.headers.get('location')!);
      expect(back.searchParams.get('error')).toBe('invalid_request');
    });

    it('never fetches a client metadata document from a private address', async () => {
      const port = new URL(documentsBase).port;
      const before = documents.connections;
      for (const clientId of [
        `https://localhost:${port}/assistants/private.json`,
        'https://10.0.0.1/assistants/private.json',
        'https://169.254.169.254/latest/meta-data.json',
      ]) {
        const url = new URL(`${base}/oauth/authorize`);
        url.search = new URLSearchParams({
          client_id: clientId,
          response_type: 'code',
          redirect_uri: REDIRECT_URL,
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          scope: 'read',
        }).toString();
        const res = await fetch(url, { redirect: 'manual' });
        expect(res.status).toBe(400);
        expect(await res.text()).toContain('invalid_client');
      }
      expect(documents.connections).toBe(before);
    });

    it('limits dynamic registrations per client address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await fetch(`${base}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(clientMetadata(`Flood ${i}`)),
        });
        statuses.push(res.status);
      }
      expect(statuses).toContain(429);
    });
  });

  describe('the same limits as a key, counted per connection', () => {
    let limited: TestApp;
    let limitedBase: string;

    beforeAll(async () => {
      const port = await freePort();
      limitedBase = `http://127.0.0.1:${port}`;
      limited = await createTestApp({ PUBLIC_BASE_URL: limitedBase, RATE_LIMIT_PER_MINUTE: '3' });
      await limited.app.listen(port, '127.0.0.1');
    });
    afterAll(async () => {
      await limited?.close();
    });

    it('shares the per-minute limit between the tokens of one connection, not with keys', async () => {
      const { accountId: limitedAccount, key: limitedKey } = await seedAccount(limited.db);
      const person = await seedUser(limited.db, limitedAccount);
      const limitedMcp = `${limitedBase}/mcp`;
      const assistant = new TestAssistant(clientMetadata('Busy Assistant'));
      const browser = new CookieBrowser(limitedBase);
      await browser.signIn(person.email, person.password);
      const { response } = await browser.follow(
        await browser.get(await assistant.start(limitedMcp)),
      );
      const page = await response.text();
      const action = /action="(\/console\/authorize\/[^"]+\/allow)"/.exec(page)![1];
      const { location } = await browser.follow(
        await browser.post(action, { _csrf: csrfOf(page) }),
      );
      const first = await assistant.finish(limitedMcp, location!.searchParams.get('code')!);
      const call = (accessToken: string) =>
        fetch(limitedMcp, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'list_sites', arguments: {} },
          }),
        }).then(
          async (res) =>
            (await res.json()) as {
              result: { isError?: boolean; structuredContent?: { error?: string } };
            },
        );
      for (let i = 0; i < 3; i++)
        expect((await call(first.access_token)).result.isError ?? false).toBe(false);
      const second = await assistant.refresh(limitedMcp);
      const refused = await call(second.access_token);
      expect(refused.result.isError).toBe(true);
      expect(refused.result.structuredContent?.error).toBe('rate_limited');
      const byKey = await fetch(`${limitedBase}/api/v1/sites`, {
        headers: { authorization: `Bearer ${limitedKey}` },
      });
      expect(byKey.status).toBe(200);
    });
  });

  it('keeps keys working on /mcp', async () => {
    const res = await mcp(key);
    expect(res.status).toBe(200);
  });
});
