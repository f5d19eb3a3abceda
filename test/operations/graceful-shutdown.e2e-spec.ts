import { Agent, request } from 'node:http';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { freePort } from '../../src/common/net/free-port.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { startBuiltServer, waitUntil, type BuiltServer } from '../support/built-server.js';
import { seedAccount, SeededAccount } from '../support/fixtures.js';
import { createTestDatabase } from '../support/test-database.js';

const IN_FLIGHT = 4;
const DRAIN_SECONDS = 3;

/**
 * The built server (`node dist/src/main.js`, as in production) receives
 * SIGTERM while requests wait on a table lock held by the test.
 */
describe('Graceful shutdown on SIGTERM', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: DataSource;
  let server: BuiltServer;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new DataSource(dataSourceOptions(database.url));
    await db.initialize();
    server = await startBuiltServer({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'debug',
      MIGRATE_ON_START: 'false',
    });
    base = server.base;
  }, 60_000);

  afterAll(async () => {
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
    await db.destroy();
    await database.drop();
  });

  it('refuses new connections, answers every request in flight, writes their log rows and exits 0', async () => {
    const callers: SeededAccount[] = [];
    for (let i = 0; i < IN_FLIGHT; i++)
      callers.push(await seedAccount(db, { name: `Caller ${i}` }));

    // Each request's first query (its key lookup) waits on this lock until the test lets go.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE api_keys IN ACCESS EXCLUSIVE MODE');
    const responses = callers.map((caller, i) =>
      fetch(`${base}/api/v1/sites`, {
        headers: { 'X-API-Key': caller.key, 'X-Request-Id': `shutdown-${i}` },
      }),
    );
    await waitUntil(async () => {
      const [row] = await db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return row.n >= IN_FLIGHT;
    });

    server.process.kill('SIGTERM');
    await waitUntil(async () => {
      try {
        await fetch(`${base}/health/live`);
        return false;
      } catch {
        return true;
      }
    });
    await locker.query('ROLLBACK');
    await locker.end();

    const answered = await Promise.all(responses);
    expect(answered.map((res) => res.status)).toEqual(Array(IN_FLIGHT).fill(200));
    for (const res of answered)
      expect(((await res.json()) as { data: unknown[] }).data).toEqual([]);
    expect(await server.exited).toBe(0);

    const rows = await db.query(
      `SELECT request_id, status, operation FROM learning_log ORDER BY request_id`,
    );
    expect(rows).toEqual(
      callers.map((_, i) => ({ request_id: `shutdown-${i}`, status: 200, operation: 'listSites' })),
    );
  }, 90_000);

  it('logged JSON lines that carry the request id and never a key', () => {
    const entries = server.stdout
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line));
    const completed = entries.filter((entry) => entry.request_id === 'shutdown-0');
    expect(completed).toContainEqual(
      expect.objectContaining({
        msg: 'request completed',
        operation: 'listSites',
        res: { statusCode: 200 },
        req: { method: 'GET', url: '/api/v1/sites' },
      }),
    );
    expect(server.stdout.join('\n')).not.toMatch(/cbr_[0-9A-Za-z]{40}/);
    expect(entries.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining([
        'SIGTERM received: finishing in-flight requests, then stopping.',
        'Stopped.',
      ]),
    );
  });
});

/**
 * With SHUTDOWN_DRAIN_SECONDS, SIGTERM first takes the replica out of
 * rotation (readiness 503) while it keeps serving, as a load balancer polling
 * readiness needs, and only then stops listening.
 */
describe('Draining before shutdown (SHUTDOWN_DRAIN_SECONDS), metrics on METRICS_PORT', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: DataSource;
  let server: BuiltServer;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    database = await createTestDatabase();
    db = new DataSource(dataSourceOptions(database.url));
    await db.initialize();
    server = await startBuiltServer({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      MIGRATE_ON_START: 'false',
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
      METRICS_PORT: String(metricsPort),
    });
  }, 60_000);

  afterAll(async () => {
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
    await db.destroy();
    await database.drop();
  });

  it('serves /metrics on METRICS_PORT only, so that routing the API port never exposes it', async () => {
    const metrics = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain('# TYPE content_api_calls_total counter');
    expect((await get(`http://127.0.0.1:${metricsPort}/api/v1/sites`)).status).toBe(404);
    const onApiPort = await get(`${server.base}/metrics`);
    expect(onApiPort.status).toBe(404);
    expect(JSON.parse(onApiPort.body)).toMatchObject({ error: 'not_found' });
  });

  it('fails readiness at once, keeps serving with Connection: close, then stops listening and exits 0', async () => {
    const { key } = await seedAccount(db);
    const before = await get(`${server.base}/api/v1/sites`, key);
    expect(before).toMatchObject({ status: 200, connection: 'keep-alive' });

    server.process.kill('SIGTERM');
    await waitUntil(
      async () => (await get(`${server.base}/health/ready`)).status === 503,
      5_000,
      20,
    );
    expect(JSON.parse((await get(`${server.base}/health/ready`)).body)).toEqual({
      status: 'shutting_down',
      info: {},
      error: {},
      details: {},
    });
    expect((await get(`${server.base}/health/live`)).status).toBe(200);
    const during = await get(`${server.base}/api/v1/sites`, key, 'drain-1');
    expect(during).toMatchObject({ status: 200, connection: 'close' });
    expect(JSON.parse(during.body)).toMatchObject({ data: [], meta: { total: 0 } });

    await waitUntil(
      async () => {
        try {
          await get(`${server.base}/health/live`);
          return false;
        } catch {
          return true;
        }
      },
      DRAIN_SECONDS * 1000 + 10_000,
      20,
    );
    expect(await server.exited).toBe(0);
    expect(await db.query(`SELECT status FROM learning_log WHERE request_id = 'drain-1'`)).toEqual([
      { status: 200 },
    ]);
    const messages = server.stdout
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        `SIGTERM received: not ready; serving for ${DRAIN_SECONDS} s more, then finishing in-flight requests and stopping.`,
        'Stopped.',
      ]),
    );
  }, 60_000);
});

/** One request on a fresh keep-alive connection, with the Connection header the server answered. */
function get(
  url: string,
  key?: string,
  requestId?: string,
): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (key) headers['X-API-Key'] = key;
    if (requestId) headers['X-Request-Id'] = requestId;
    const agent = new Agent({ keepAlive: true });
    const call = request(url, { headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        agent.destroy();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body });
      });
    });
    call.on('error', (error) => {
      agent.destroy();
      reject(error);
    });
    call.end();
  });
}
