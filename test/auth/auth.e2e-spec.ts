import request from 'supertest';
import {
  seedAccount,
  seedArticle,
  seedBacklink,
  seedKey,
  seedSite,
  SeededAccount,
} from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

interface Ids {
  siteId: number;
  articleId: number;
}

/**
 * Every authenticated endpoint, with how to reach the caller's own resource
 * and another account's. Adding an endpoint is one line here.
 */
const ENDPOINTS: Array<{
  operation: string;
  path: (own: Ids) => string;
  foreign?: { path: (theirs: Ids) => string; error: string };
}> = [
  { operation: 'listSites', path: () => '/api/v1/sites' },
  {
    operation: 'listArticles',
    path: (o) => `/api/v1/sites/${o.siteId}/articles`,
    foreign: { path: (f) => `/api/v1/sites/${f.siteId}/articles`, error: 'site_not_found' },
  },
  {
    operation: 'getArticle',
    path: (o) => `/api/v1/articles/${o.articleId}`,
    foreign: { path: (f) => `/api/v1/articles/${f.articleId}`, error: 'article_not_found' },
  },
  {
    operation: 'listBacklinks',
    path: (o) => `/api/v1/sites/${o.siteId}/backlinks`,
    foreign: { path: (f) => `/api/v1/sites/${f.siteId}/backlinks`, error: 'site_not_found' },
  },
  {
    operation: 'getStats',
    path: (o) => `/api/v1/sites/${o.siteId}/stats`,
    foreign: { path: (f) => `/api/v1/sites/${f.siteId}/stats`, error: 'site_not_found' },
  },
  {
    operation: 'getSiteReport',
    path: (o) => `/api/v1/sites/${o.siteId}/report`,
    foreign: { path: (f) => `/api/v1/sites/${f.siteId}/report`, error: 'site_not_found' },
  },
  { operation: 'getAccountReport', path: () => '/api/v1/report' },
];
const operations = ENDPOINTS.map((e) => [e.operation, e] as const);
const isolated = ENDPOINTS.filter((e) => e.foreign).map((e) => [e.operation, e] as const);

describe('authentication, access and isolation on every authenticated endpoint', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let other: SeededAccount;
  let own: Ids;
  let theirs: Ids;

  async function seedContent(account: SeededAccount): Promise<Ids> {
    const siteId = await seedSite(t.db, account.accountId);
    const articleId = await seedArticle(t.db, siteId);
    await seedBacklink(t.db, siteId);
    return { siteId, articleId };
  }

  /** A key of its own for each case, so that no case spends another's request budget. */
  async function ownerKey(options: Parameters<typeof seedKey>[2] = {}): Promise<string> {
    return (await seedKey(t.db, owner.accountId, options)).key;
  }

  beforeAll(async () => {
    // This file tests access, not the request limit, which has tests of its own.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    other = await seedAccount(t.db, { name: 'Other agency' });
    own = await seedContent(owner);
    theirs = await seedContent(other);
  });
  afterAll(() => t.close());

  describe.each(operations)('%s', (_, endpoint) => {
    const get = (path = endpoint.path(own)) => request(t.http).get(path);

    it('answers the owner’s key with 200, by either header, or both carrying the same key', async () => {
      const key = await ownerKey();
      for (const headers of [
        { Authorization: `Bearer ${key}` },
        { Authorization: `bearer ${key}` },
        { 'X-API-Key': key },
        { Authorization: `Bearer ${key}`, 'X-API-Key': key },
      ]) {
        const res = await get().set(headers);
        expect([res.status, headers]).toEqual([200, headers]);
        expect(res.body.data).toBeDefined();
      }
    });

    it('answers a read-only key with 200', async () => {
      const res = await get().set('X-API-Key', await ownerKey({ scopes: ['read'] }));
      expect(res.status).toBe(200);
    });

    it('answers a missing credential with 401 missing_credentials and a Bearer challenge', async () => {
      for (const headers of [{}, { Authorization: '' }, { 'X-API-Key': '  ' }]) {
        const res = await get().set(headers);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'missing_credentials', message: expect.any(String) });
        expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
      }
    });

    it.each([
      ['an unknown key', () => `cbr_${'A'.repeat(40)}`],
      ['a malformed key', () => 'not-a-key'],
      ['a revoked key', () => ownerKey({ revokedAt: new Date(Date.now() - 1000) })],
      ['an expired key', () => ownerKey({ expiresAt: new Date(Date.now() - 1000) })],
    ])('answers %s with 401 invalid_credentials and a Bearer challenge', async (_, makeKey) => {
      const key = await makeKey();
      for (const headers of [{ Authorization: `Bearer ${key}` }, { 'X-API-Key': key }]) {
        const res = await get().set(headers);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'invalid_credentials', message: expect.any(String) });
        expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
      }
    });

    it('answers two headers with different keys with 401 invalid_credentials, even if both are valid', async () => {
      const res = await get()
        .set('Authorization', `Bearer ${await ownerKey()}`)
        .set('X-API-Key', await ownerKey());
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('invalid_credentials');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
    });

    it('answers another scheme than Bearer with 401 invalid_credentials', async () => {
      const key = await ownerKey();
      for (const authorization of [
        `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
        `Token ${key}`,
        key,
      ]) {
        const res = await get().set('Authorization', authorization);
        expect(res.status).toBe(401);
        expect(res.body.error).toBe('invalid_credentials');
        expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
      }
    });

    it.each(['starter', 'growth'] as const)(
      'answers a key of the %s plan with 403 plan_not_eligible',
      async (plan) => {
        const account = await seedAccount(t.db, { plan });
        const ids = await seedContent(account);
        const res = await get(endpoint.path(ids)).set('X-API-Key', account.key);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: 'plan_not_eligible', message: expect.any(String) });
      },
    );

    it('answers a key of the enterprise plan with 200', async () => {
      const account = await seedAccount(t.db, { plan: 'enterprise' });
      const res = await get(endpoint.path(await seedContent(account))).set(
        'X-API-Key',
        account.key,
      );
      expect(res.status).toBe(200);
    });

    it('answers a key of a suspended account with 403 account_suspended', async () => {
      const account = await seedAccount(t.db, { status: 'suspended' });
      const res = await get(endpoint.path(await seedContent(account))).set(
        'X-API-Key',
        account.key,
      );
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'account_suspended', message: expect.any(String) });
    });

    it('carries X-Request-Id on success and on refusal, echoing a sent one', async () => {
      const key = await ownerKey();
      const minted = [await get().set('X-API-Key', key), await get()];
      for (const res of minted) expect(res.headers['x-request-id']).toMatch(/^[\w.:-]+$/);
      expect(minted[0].headers['x-request-id']).not.toBe(minted[1].headers['x-request-id']);
      for (const headers of [{ 'X-API-Key': key }, {}]) {
        const res = await get().set(headers).set('X-Request-Id', `trace-${endpoint.operation}.42`);
        expect(res.headers['x-request-id']).toBe(`trace-${endpoint.operation}.42`);
      }
    });
  });

  describe.each(isolated)('%s across accounts', (_, endpoint) => {
    const foreign = endpoint.foreign!;

    it(`answers another account’s resource with 404 ${foreign.error}, exactly like a missing one`, async () => {
      const key = await ownerKey();
      const theirsRes = await request(t.http).get(foreign.path(theirs)).set('X-API-Key', key);
      const missing = await request(t.http)
        .get(foreign.path({ siteId: 2147483647, articleId: 2147483647 }))
        .set('X-API-Key', key);
      for (const res of [theirsRes, missing]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: foreign.error, message: expect.any(String) });
      }
    });

    it('lets the other account reach its own resource', async () => {
      const res = await request(t.http).get(foreign.path(theirs)).set('X-API-Key', other.key);
      expect(res.status).toBe(200);
    });
  });

  it('lists only the caller’s own sites', async () => {
    const mine = await request(t.http)
      .get('/api/v1/sites')
      .set('X-API-Key', await ownerKey());
    const theirsRes = await request(t.http).get('/api/v1/sites').set('X-API-Key', other.key);
    expect(mine.body.data.map((s: { id: number }) => s.id)).toEqual([own.siteId]);
    expect(theirsRes.body.data.map((s: { id: number }) => s.id)).toEqual([theirs.siteId]);
  });

  it.each([
    ['GET', '/api/v1/nope'],
    ['GET', '/api/v1/sites/1/nope'],
    ['GET', '/api/v1/articles'],
    ['GET', '/api/v2/sites'],
    ['GET', '/nope'],
    ['DELETE', '/api/v1/nope'],
  ])(
    'answers %s %s with 404 not_found in the envelope, with or without a key',
    async (method, path) => {
      const key = await ownerKey();
      for (const headers of [{ 'X-API-Key': key }, {}]) {
        const agent = request(t.http);
        const res = await (method === 'DELETE' ? agent.delete(path) : agent.get(path))
          .set(headers)
          .set('X-Request-Id', 'unknown-path-1');
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
        expect(res.headers['x-request-id']).toBe('unknown-path-1');
      }
    },
  );
});
