import request from 'supertest';
import { seedAccount, seedKey, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

function listSites(t: TestApp, key?: string) {
  const call = request(t.http).get('/api/v1/sites');
  return key === undefined ? call : call.set('X-API-Key', key);
}

describe('Request rate limit (in process)', () => {
  let t: TestApp;
  let owner: SeededAccount;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedAccount(t.db);
  });
  afterAll(() => t.close());

  it('allows 60 requests a minute per key, refuses the 61st with 429 rate_limited, and not another key', async () => {
    for (let i = 1; i <= 60; i++) {
      const res = await listSites(t, owner.key);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('60');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(60 - i));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    }
    const refused = await listSites(t, owner.key);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'rate_limited', message: expect.any(String), limit: 60 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');

    const sameAccountOtherKey = await seedKey(t.db, owner.accountId);
    const other = await listSites(t, sameAccountOtherKey.key);
    expect(other.status).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('counts every route against the one counter of the key, and puts the headers on 4xx answers too', async () => {
    const fresh = await seedAccount(t.db, { name: 'Fresh' });
    const invalid = await request(t.http).get('/api/v1/sites?page=0').set('X-API-Key', fresh.key);
    expect(invalid.status).toBe(422);
    expect(invalid.headers['x-ratelimit-remaining']).toBe('59');
    const missing = await request(t.http)
      .get('/api/v1/articles/2147483647')
      .set('X-API-Key', fresh.key);
    expect(missing.status).toBe(404);
    expect(missing.headers['x-ratelimit-limit']).toBe('60');
    expect(missing.headers['x-ratelimit-remaining']).toBe('58');
  });

  it('does not count health checks and metrics scrapes', async () => {
    for (let i = 0; i < 65; i++) {
      const res = await request(t.http).get(i % 2 ? '/health/live' : '/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

describe('Request rate limit for calls without a recognised key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => t.close());

  it('counts them per client address, missing and unknown keys alike, and leaves keys alone', async () => {
    const unknownKey = `cbr_${'x'.repeat(40)}`;
    for (let i = 1; i <= 5; i++) {
      const res = await listSites(t, i % 2 ? undefined : unknownKey);
      expect(res.status).toBe(401);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - i));
    }
    const refused = await listSites(t, unknownKey);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
    expect(refused.body.limit).toBe(5);

    const owner = await seedAccount(t.db);
    const keyed = await listSites(t, owner.key);
    expect(keyed.status).toBe(200);
    expect(keyed.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('counts a revoked key against that key, not the address', async () => {
    const owner = await seedAccount(t.db, { name: 'Revoked' });
    const revoked = await seedKey(t.db, owner.accountId, { revokedAt: new Date() });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await listSites(t, revoked.key)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('Request rate limit when Redis cannot be reached', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('keeps answering, counting in process, and says so in a metric and in readiness', async () => {
    const owner = await seedAccount(t.db);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await listSites(t, owner.key)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const metrics = await request(t.http).get('/metrics');
    const errors = /^content_api_rate_limit_store_errors_total (\d+)$/m.exec(metrics.text);
    expect(Number(errors?.[1])).toBeGreaterThanOrEqual(4);

    const ready = await request(t.http).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.details.redis.status).toBe('degraded');
    expect(ready.body.details.database.status).toBe('up');
  });
});
