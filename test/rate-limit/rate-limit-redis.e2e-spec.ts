import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { loadConfig } from '../../src/config/app-config.js';
import { createApp, RunningApp } from '../../src/create-app.js';
import { seedAccount, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  console.warn('Skipping the shared-Redis rate-limit tests: REDIS_URL is not set.');
}

(redisUrl ? describe : describe.skip)(
  'Request rate limit shared through Redis by two replicas',
  () => {
    // A prefix of its own, so that parallel runs sharing the Redis never count each other's calls.
    const prefix = `content-api-test:${randomUUID()}:`;
    let first: TestApp;
    let second: RunningApp;
    let secondHttp: App;
    let owner: SeededAccount;

    beforeAll(async () => {
      const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix };
      first = await createTestApp(env);
      second = await createApp(
        loadConfig({
          ...env,
          DATABASE_URL: first.databaseUrl,
          DATA_DIR: mkdtempSync(join(tmpdir(), 'content-api-data-')),
          LOG_LEVEL: 'silent',
          MIGRATE_ON_START: 'false',
          SEED_DEMO: 'false',
        }),
      );
      secondHttp = second.app.getHttpServer();
      owner = await seedAccount(first.db);
    });

    afterAll(async () => {
      await second.close();
      await first.close();
      const redis = new Redis(redisUrl!);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it('enforces one limit of 60 a minute per key across both, and another key keeps its own', async () => {
      for (let i = 1; i <= 60; i++) {
        const res = await request(i % 2 ? first.http : secondHttp)
          .get('/api/v1/sites')
          .set('X-API-Key', owner.key);
        expect(res.status).toBe(200);
        expect(res.headers['x-ratelimit-remaining']).toBe(String(60 - i));
      }
      for (const http of [first.http, secondHttp]) {
        const refused = await request(http).get('/api/v1/sites').set('X-API-Key', owner.key);
        expect(refused.status).toBe(429);
        expect(refused.body.error).toBe('rate_limited');
        expect(refused.body.limit).toBe(60);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      const other = await seedAccount(first.db, { name: 'Other' });
      const allowed = await request(secondHttp).get('/api/v1/sites').set('X-API-Key', other.key);
      expect(allowed.status).toBe(200);
      expect(allowed.headers['x-ratelimit-remaining']).toBe('59');
    });

    it('reports Redis in readiness', async () => {
      const ready = await request(first.http).get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.details.redis).toEqual({ status: 'up' });
    });
  },
);
