import request from 'supertest';
import { seedAccount, type SeededAccount } from '../support/fixtures.js';
import { loggedCalls } from '../support/mcp-fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const APP = 'https://reports.agency.example';

function preflight(t: TestApp, path: string, origin: string, method = 'GET') {
  return request(t.http)
    .options(path)
    .set('Origin', origin)
    .set('Access-Control-Request-Method', method)
    .set('Access-Control-Request-Headers', 'authorization, if-match, content-type');
}

describe('CORS with CORS_ORIGINS unset: no origin is allowed', () => {
  let t: TestApp;
  let owner: SeededAccount;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedAccount(t.db);
  });
  afterAll(() => t.close());

  it('answers a preflight 204 without granting anything, before authentication', async () => {
    const res = await preflight(t, '/api/v1/sites', APP);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('adds no CORS header to an answer to another origin', async () => {
    const res = await request(t.http)
      .get('/api/v1/sites')
      .set('Origin', APP)
      .set('X-API-Key', owner.key);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toBeUndefined();
  });
});

describe('CORS with a list of origins', () => {
  let t: TestApp;
  let owner: SeededAccount;

  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: `${APP}, http://localhost:5173` });
    owner = await seedAccount(t.db);
  });
  afterAll(() => t.close());

  it('grants a preflight of a listed origin: methods, request headers, a cache time, no credentials', async () => {
    for (const [path, method] of [
      ['/api/v1/sites', 'GET'],
      ['/api/v1/articles/1', 'PUT'],
      ['/mcp', 'POST'],
    ]) {
      const res = await preflight(t, path, APP, method);
      expect([path, res.status]).toEqual([path, 204]);
      expect(res.headers['access-control-allow-origin']).toBe(APP);
      expect(res.headers['access-control-allow-methods']).toBe('GET,HEAD,PUT,POST');
      expect(res.headers['access-control-allow-headers']).toBe(
        'Authorization,X-API-Key,Content-Type,If-Match,If-None-Match,X-Request-Id,Mcp-Protocol-Version,Mcp-Method,Mcp-Name',
      );
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.text).toBe('');
    }
  });

  it('lets a listed origin read the answer and its limit, tracing, validator and paging headers', async () => {
    const res = await request(t.http)
      .get('/api/v1/sites')
      .set('Origin', 'http://localhost:5173')
      .set('Authorization', `Bearer ${owner.key}`);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-expose-headers']).toBe(
      'X-RateLimit-Limit,X-RateLimit-Remaining,X-RateLimit-Reset,Retry-After,X-Request-Id,ETag,Link,WWW-Authenticate',
    );
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('grants the same to an error, so that the page can read why it was refused', async () => {
    const res = await request(t.http).get('/api/v1/sites').set('Origin', APP);
    expect(res.status).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(APP);
  });

  it('grants nothing to an origin that is not listed, however close', async () => {
    for (const origin of [
      'https://evil.example',
      `${APP}.evil.example`,
      'http://reports.agency.example',
      'null',
    ]) {
      const res = await preflight(t, '/api/v1/sites', origin);
      expect([origin, res.status]).toEqual([origin, 204]);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('does not log, count or authenticate preflights', async () => {
    for (let i = 0; i < 3; i++) await preflight(t, '/api/v1/sites', APP);
    const res = await request(t.http).get('/api/v1/sites').set('X-API-Key', owner.key);
    expect(res.headers['x-ratelimit-remaining']).toBe(String(60 - 2));
    const calls = await loggedCalls(t, owner.keyId);
    expect(calls.map((call) => call.operation)).toEqual(['listSites', 'listSites']);
  });

  it('leaves routes outside the API alone', async () => {
    const res = await preflight(t, '/health/live', APP);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS_ORIGINS=*', () => {
  let t: TestApp;
  let owner: SeededAccount;

  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: '*' });
    owner = await seedAccount(t.db);
  });
  afterAll(() => t.close());

  it('allows any origin, never with credentials, even when the request carries a cookie', async () => {
    const res = await request(t.http)
      .get('/api/v1/sites')
      .set('Origin', 'https://anyone.example')
      .set('Cookie', 'session=abc')
      .set('X-API-Key', owner.key);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const pre = await preflight(t, '/api/v1/sites', 'https://anyone.example');
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
