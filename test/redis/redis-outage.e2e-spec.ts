import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { startBuiltServer, waitUntil, type BuiltServer } from '../support/built-server.js';
import { seedAccount } from '../support/fixtures.js';
import { hasRedisServer, RedisProcess } from '../support/redis-servers.js';
import { createTestDatabase } from '../support/test-database.js';

if (!hasRedisServer)
  console.warn('Skipping the Redis outage tests: redis-server is not installed.');

const LIMIT = 3;

/**
 * Two replicas of the built server (`node dist/src/main.js`, their logs read as an operator
 * would) on one database and a Redis the test starts, stops and starts again on the same port.
 */
(hasRedisServer ? describe : describe.skip)('Redis configured but down', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: DataSource;
  let redis: RedisProcess;
  const servers: BuiltServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new DataSource(dataSourceOptions(database.url));
    await db.initialize();
    redis = await RedisProcess.start();
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startBuiltServer({
          DATABASE_URL: database.url,
          REDIS_URL: `redis://${redis.address}`,
          MIGRATE_ON_START: 'false',
          RATE_LIMIT_PER_MINUTE: String(LIMIT),
          LOG_LEVEL: 'info',
        }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    await redis?.remove();
    await db?.destroy();
    await database?.drop();
  });

  async function listSites(server: BuiltServer, key: string) {
    const res = await fetch(`${server.base}/api/v1/sites`, { headers: { 'X-API-Key': key } });
    return { status: res.status, remaining: res.headers.get('x-ratelimit-remaining') };
  }

  /** `LIMIT + 1` calls of a new key, alternating between the replicas. */
  async function alternating(): Promise<Array<{ status: number; remaining: string | null }>> {
    const { key } = await seedAccount(db);
    const answers = [];
    for (let i = 0; i <= LIMIT; i++) answers.push(await listSites(servers[i % 2], key));
    return answers;
  }

  async function metric(server: BuiltServer, name: string): Promise<number> {
    const text = await (await fetch(`${server.base}/metrics`)).text();
    const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
    if (!match) throw new Error(`${name} is not in /metrics`);
    return Number(match[1]);
  }

  async function readiness(server: BuiltServer) {
    const res = await fetch(`${server.base}/health/ready`);
    return { status: res.status, body: (await res.json()) as { details: Record<string, unknown> } };
  }

  /** Log messages containing `text` (JSON lines on stdout). */
  function logged(server: BuiltServer, text: string): Array<{ level: string; msg: string }> {
    return server.stdout
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { level: string; msg: string })
      .filter((entry) => typeof entry.msg === 'string' && entry.msg.includes(text));
  }

  it('shares the limit while Redis answers', async () => {
    const answers = await alternating();
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers.slice(0, LIMIT).map((answer) => answer.remaining)).toEqual(['2', '1', '0']);
    for (const server of servers) expect(await metric(server, 'content_api_redis_up')).toBe(1);
  });

  it('keeps serving when Redis stops, each replica counting alone, with one warning and the metrics', async () => {
    await redis.stop();
    const { key } = await seedAccount(db);
    for (const server of servers) {
      const answers = [];
      for (let i = 0; i <= LIMIT; i++) answers.push(await listSites(server, key));
      // Approximate by design: each replica allows the whole limit on its own.
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
      expect(answers.slice(0, LIMIT).map((answer) => answer.remaining)).toEqual(['2', '1', '0']);
    }
    for (const server of servers) {
      expect(await metric(server, 'content_api_redis_up')).toBe(0);
      expect(
        await metric(server, 'content_api_rate_limit_store_errors_total'),
      ).toBeGreaterThanOrEqual(LIMIT + 1);
      const warnings = logged(server, 'Redis unreachable');
      expect(warnings).toHaveLength(1);
      expect(warnings[0].level).toBe('warn');
      // Serving with its own counters is the designed behaviour: the replica stays ready.
      const ready = await readiness(server);
      expect(ready.status).toBe(200);
      expect(ready.body.details).toMatchObject({
        database: { status: 'up' },
        redis: { status: 'degraded' },
      });
    }
  });

  it('shares the limit again once Redis is back on its port, without a restart', async () => {
    await redis.start();
    await waitUntil(async () => {
      for (const server of servers)
        if ((await metric(server, 'content_api_redis_up')) !== 1) return false;
      return true;
    });
    const answers = await alternating();
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers.slice(0, LIMIT).map((answer) => answer.remaining)).toEqual(['2', '1', '0']);
    for (const server of servers) {
      expect(logged(server, 'Redis answers again')).toHaveLength(1);
      expect((await readiness(server)).body.details.redis).toEqual({ status: 'up' });
    }
  });

  it('warns once per outage, not once per call', async () => {
    await redis.stop();
    const { key } = await seedAccount(db);
    for (const server of servers)
      for (let i = 0; i < 2 * LIMIT; i++)
        expect((await listSites(server, key)).status).toBeLessThan(500);
    for (const server of servers) expect(logged(server, 'Redis unreachable')).toHaveLength(2);
  });
});
