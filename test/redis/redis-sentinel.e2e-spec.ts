import request from 'supertest';
import type { App } from 'supertest/types.js';
import { waitUntil } from '../support/built-server.js';
import { seedAccount } from '../support/fixtures.js';
import { hasRedisServer, RedisProcess } from '../support/redis-servers.js';
import { startTwoReplicas, type TwoReplicas } from '../support/two-replicas.js';

if (!hasRedisServer)
  console.warn('Skipping the Redis Sentinel tests: redis-server is not installed.');

const DATA_PASSWORD = 'data-secret';
const SENTINEL_PASSWORD = 'sentinel secret&more';
const MASTER = 'content-api-master';
const DB = 2;
const COUNTERS = 'content-api:rate:';

/**
 * A master, its replica and a sentinel watching them, started by the test on loopback ports:
 * the data nodes and the sentinel each with a password of their own, and the counters in
 * database 2. Two replicas of the service reach the master through the sentinel only.
 */
(hasRedisServer ? describe : describe.skip)('Request rate limit through Redis Sentinel', () => {
  let master: RedisProcess;
  let replica: RedisProcess;
  let sentinel: RedisProcess;
  let replicas: TwoReplicas;

  beforeAll(async () => {
    const auth = { password: DATA_PASSWORD, args: ['--masterauth', DATA_PASSWORD] };
    master = await RedisProcess.start(auth);
    replica = await RedisProcess.start({
      ...auth,
      args: [...auth.args, '--replicaof', '127.0.0.1', String(master.port)],
    });
    sentinel = await RedisProcess.start({
      password: SENTINEL_PASSWORD,
      sentinelConfig: [
        `sentinel monitor ${MASTER} 127.0.0.1 ${master.port} 1`,
        `sentinel auth-pass ${MASTER} ${DATA_PASSWORD}`,
        `sentinel down-after-milliseconds ${MASTER} 1000`,
        `sentinel failover-timeout ${MASTER} 10000`,
      ].join('\n'),
    });
    // The sentinel knows the replica it may promote.
    await waitUntil(async () => {
      const replicas = (await sentinel.command('SENTINEL', 'REPLICAS', MASTER)) as string[][];
      return replicas.some((fields) => fields.includes(String(replica.port)));
    });
    replicas = await startTwoReplicas({
      REDIS_URL: `redis-sentinel://:${DATA_PASSWORD}@${sentinel.address}/${MASTER}/${DB}?sentinelPassword=${encodeURIComponent(SENTINEL_PASSWORD)}`,
    });
  }, 120_000);

  afterAll(async () => {
    await replicas?.close();
    for (const server of [sentinel, replica, master]) await server?.remove();
  });

  async function countersOn(server: RedisProcess, db: number): Promise<string[]> {
    const client = server.client(db);
    try {
      return await client.keys(`${COUNTERS}*`);
    } finally {
      client.disconnect();
    }
  }

  async function redisUp(http: App): Promise<boolean> {
    return /^content_api_redis_up 1$/m.test((await request(http).get('/metrics')).text);
  }

  /** 60 calls of a new key, alternating between the replicas, then the 61st on each: 429. */
  async function sharesOneLimit(): Promise<number> {
    const { key, keyId } = await seedAccount(replicas.first.db);
    for (let i = 1; i <= 60; i++) {
      const res = await request(replicas.http[i % 2])
        .get('/api/v1/sites')
        .set('X-API-Key', key);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(60 - i));
    }
    for (const http of replicas.http) {
      const refused = await request(http).get('/api/v1/sites').set('X-API-Key', key);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('rate_limited');
    }
    return keyId;
  }

  it('shares one limit across both replicas, counted on the master in the database of REDIS_URL', async () => {
    const keyId = await sharesOneLimit();
    expect(await countersOn(master, DB)).toContain(`${COUNTERS}{key:${keyId}}`);
    expect(await countersOn(master, 0)).toEqual([]);
    for (const http of replicas.http) {
      const ready = await request(http).get('/health/ready');
      expect(ready.body.details.redis).toEqual({ status: 'up' });
    }
  });

  it('keeps serving while the master dies and the sentinel promotes the replica, then shares the limit on the new master', async () => {
    await master.stop();
    const { key } = await seedAccount(replicas.first.db);
    const statuses = new Set<number>();
    let turn = 0;
    await waitUntil(async () => {
      const http = replicas.http[turn++ % 2];
      statuses.add((await request(http).get('/api/v1/sites').set('X-API-Key', key)).status);
      const [, port] = (await sentinel.command('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', MASTER)) as [
        string,
        string,
      ];
      return (
        Number(port) === replica.port &&
        (await redisUp(replicas.http[0])) &&
        (await redisUp(replicas.http[1]))
      );
    }, 60_000);
    expect([...statuses].every((status) => status === 200 || status === 429)).toBe(true);

    const keyId = await sharesOneLimit();
    expect(await countersOn(replica, DB)).toContain(`${COUNTERS}{key:${keyId}}`);
  }, 90_000);
});
