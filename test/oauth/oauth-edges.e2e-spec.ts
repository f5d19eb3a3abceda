import { freePort } from '../../src/common/net/free-port.js';
import { seedAccount, seedUser, type SeededUser } from '../support/fixtures.js';
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
 * The edges of connecting an assistant: a consent request answered twice,
 * revocation (RFC 7009) and what the console then says, which redirect URIs
 * a client may register, and what an authorization request without a scope
 * asks for.
 */
describe('OAuth edges', () => {
  let t: TestApp;
  let base: string;
  let mcpUrl: string;
  let user: SeededUser;
  let accountId: number;
  const documents = new MetadataDocumentHost();
  let documentsBase: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    mcpUrl = `${base}/mcp`;
    t = await createTestApp({
      PUBLIC_BASE_URL: base,
      OAUTH_ALLOW_INSECURE_METADATA_URLS: 'true',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    await t.app.listen(port, '127.0.0.1');
    ({ accountId } = await seedAccount(t.db, { name: 'Acme Agency' }));
    user = await seedUser(t.db, accountId, { name: 'Olga Owner' });
    documentsBase = await documents.start();
  });
  afterAll(async () => {
    await documents.stop();
    await t?.close();
  });

  /** A signed-in browser on the consent page of `authorizationUrl`. */
  async function consent(authorizationUrl: URL) {
    const browser = new CookieBrowser(base);
    await browser.signIn(user.email, user.password);
    const { response } = await browser.follow(await browser.get(authorizationUrl));
    expect(response.status).toBe(200);
    const page = await response.text();
    const uid = /action="\/console\/authorize\/([^"/]+)\/allow"/.exec(page)![1];
    const answer = (decision: 'allow' | 'deny') =>
      browser.post(`/console/authorize/${uid}/${decision}`, { _csrf: csrfOf(page) });
    return { browser, page, answer };
  }

  async function connectionsOf(clientId: string): Promise<number> {
    const [{ n }] = await t.db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM oauth_connections WHERE client_id = $1`,
      [clientId],
    );
    return n;
  }

  async function connect(name: string) {
    const assistant = new TestAssistant(clientMetadata(name));
    const { browser, answer } = await consent(await assistant.start(mcpUrl));
    const { location } = await browser.follow(await answer('allow'));
    const tokens = await assistant.finish(mcpUrl, location!.searchParams.get('code')!);
    return { assistant, tokens, clientId: assistant.clientInformation()!.client_id };
  }

  function revoke(fields: Record<string, string>) {
    return fetch(`${base}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  function register(metadata: Record<string, unknown>) {
    return fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(metadata),
    });
  }

  const LIST_TOOLS = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

  describe('a consent request answered more than once', () => {
    it('makes exactly one connection from two Allow posts sent together, both leading on', async () => {
      const assistant = new TestAssistant(clientMetadata('Double Click'));
      const { browser, answer } = await consent(await assistant.start(mcpUrl));
      const answers = await Promise.all([answer('allow'), answer('allow')]);
      // A double click: the browser shows the second answer, which leads where the first does.
      expect(answers.map((res) => res.status)).toEqual([303, 303]);
      expect(answers[0].headers.get('location')).toBe(answers[1].headers.get('location'));
      const clientId = assistant.clientInformation()!.client_id;
      expect(await connectionsOf(clientId)).toBe(1);
      const { location } = await browser.follow(answers[1]);
      const tokens = await assistant.finish(mcpUrl, location!.searchParams.get('code')!);
      expect((await postToMcp(mcpUrl, tokens.access_token, LIST_TOOLS)).status).toBe(200);
      expect(await connectionsOf(clientId)).toBe(1);
    });

    it('answers Deny after Allow with a page saying it was already answered, and no second redirect', async () => {
      const assistant = new TestAssistant(clientMetadata('Allow Then Deny'));
      const { answer } = await consent(await assistant.start(mcpUrl));
      expect((await answer('allow')).status).toBe(303);
      const denied = await answer('deny');
      expect(denied.status).toBe(409);
      expect(denied.headers.get('location')).toBeNull();
      const page = await denied.text();
      expect(page).toContain('already answered');
      expect(page).toContain('disconnect it under Connection');
      expect(await connectionsOf(assistant.clientInformation()!.client_id)).toBe(1);
    });

    it('makes no connection from Allow after Deny', async () => {
      const assistant = new TestAssistant(clientMetadata('Deny Then Allow'));
      const { browser, answer } = await consent(await assistant.start(mcpUrl));
      const denied = await answer('deny');
      expect(denied.status).toBe(303);
      expect((await answer('allow')).status).toBe(409);
      expect(await connectionsOf(assistant.clientInformation()!.client_id)).toBe(0);
      const { location } = await browser.follow(denied);
      expect(location!.searchParams.get('error')).toBe('access_denied');
    });
  });

  describe('revocation (RFC 7009)', () => {
    it('ends the connection when the assistant revokes its access token: the console no longer lists it', async () => {
      const { tokens, clientId } = await connect('Access Revoker');
      const revoked = await revoke({ token: tokens.access_token, client_id: clientId });
      expect(revoked.status).toBe(200);
      const [connection] = await t.db.query<Array<{ id: number; revoked_at: Date | null }>>(
        `SELECT id, revoked_at FROM oauth_connections WHERE client_id = $1`,
        [clientId],
      );
      expect(connection.revoked_at).not.toBeNull();
      const browser = new CookieBrowser(base);
      await browser.signIn(user.email, user.password);
      const listed = await (await browser.get('/console/connection')).text();
      expect(listed).not.toContain(`id="assistant-${connection.id}"`);
      expect((await postToMcp(mcpUrl, tokens.access_token, LIST_TOOLS)).status).toBe(401);
    });

    it('refuses, and says so, a revocation by a client the token was not issued to', async () => {
      const { tokens, clientId } = await connect('Token Holder');
      const other = await register(clientMetadata('Other Client'));
      const { client_id: otherId } = (await other.json()) as { client_id: string };
      for (const token of [tokens.access_token, tokens.refresh_token!]) {
        const res = await revoke({ token, client_id: otherId });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          error: 'unauthorized_client',
          error_description: 'This token was not issued to this client: it was not revoked.',
        });
      }
      expect((await postToMcp(mcpUrl, tokens.access_token, LIST_TOOLS)).status).toBe(200);
      const [connection] = await t.db.query<Array<{ revoked_at: Date | null }>>(
        `SELECT revoked_at FROM oauth_connections WHERE client_id = $1`,
        [clientId],
      );
      expect(connection.revoked_at).toBeNull();
      // A token nobody knows is answered as RFC 7009 says: 200, nothing to revoke.
      expect((await revoke({ token: 'no-such-token', client_id: otherId })).status).toBe(200);
    });
  });

  describe('redirect URIs a client may register', () => {
    it.each([
      'http://evil.example/cb',
      'http://127.0.0.1.evil.example/cb',
      'com.example.app:/callback',
      'ftp://files.example/cb',
    ])('refuses %s with invalid_redirect_uri, storing nothing', async (uri) => {
      const before = await t.db.query(`SELECT count(*)::int AS n FROM oauth_records`);
      const res = await register({
        ...clientMetadata('Odd Redirect'),
        redirect_uris: [REDIRECT_URL, uri],
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_redirect_uri' });
      expect(await t.db.query(`SELECT count(*)::int AS n FROM oauth_records`)).toEqual(before);
    });

    it.each([
      'https://assistant.example/oauth/callback',
      'http://127.0.0.1/callback',
      'http://localhost:8123/callback',
      'http://[::1]:8123/callback',
    ])('accepts %s', async (uri) => {
      const res = await register({ ...clientMetadata('Good Redirect'), redirect_uris: [uri] });
      expect(res.status).toBe(201);
    });

    it('applies the same rule to a client metadata document', async () => {
      const clientId = `${documentsBase}/assistants/evil-redirect.json`;
      documents.serve('/assistants/evil-redirect.json', {
        client_id: clientId,
        ...clientMetadata('Evil Redirect'),
        redirect_uris: ['http://evil.example/cb'],
      });
      const url = new URL(`${base}/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        redirect_uri: 'http://evil.example/cb',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        scope: 'read',
      }).toString();
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      const page = await res.text();
      expect(page).toContain('invalid_redirect_uri');
      expect(page).toContain('must be https addresses');
    });
  });

  describe('an authorization request without a scope', () => {
    /** Registers with `scope` when given (the SDK would register the server's scopes). */
    async function withoutScope(scope?: string) {
      const assistant = new TestAssistant(clientMetadata('No Scope'));
      if (scope !== undefined) {
        const registered = await register({ ...clientMetadata('No Scope'), scope });
        assistant.saveClientInformation((await registered.json()) as { client_id: string });
      }
      const url = await assistant.start(mcpUrl);
      url.searchParams.delete('scope');
      const { browser, page, answer } = await consent(url);
      const { location } = await browser.follow(await answer('allow'));
      expect(location!.searchParams.get('error')).toBeNull();
      const tokens = await assistant.finish(mcpUrl, location!.searchParams.get('code')!);
      const [connection] = await t.db.query<Array<{ scopes: string[] }>>(
        `SELECT scopes FROM oauth_connections WHERE client_id = $1`,
        [assistant.clientInformation()!.client_id],
      );
      return { page, tokens, connection };
    }

    it('asks for what the server offers, read and write, and the consent page says so', async () => {
      const { page, tokens, connection } = await withoutScope();
      expect(page).toContain('It would be allowed to');
      expect(page).toContain('(<code>read</code>)');
      expect(page).toContain('(<code>write</code>)');
      expect(tokens.scope).toBe('read write');
      expect(connection.scopes).toEqual(['read', 'write']);
    });

    it('asks for the scopes the client registered, when it registered some', async () => {
      const { page, tokens, connection } = await withoutScope('read');
      expect(page).toContain('(<code>read</code>)');
      expect(page).not.toContain('(<code>write</code>)');
      expect(tokens.scope).toBe('read');
      expect(connection.scopes).toEqual(['read']);
    });
  });
});
