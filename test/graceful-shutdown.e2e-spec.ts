import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { seedAccount, SeededAccount } from './support/fixtures.js';
import { createTestDatabase } from './support/test-database.js';

const ENTRY = fileURLToPath(new URL('../dist/src/main.js', import.meta.url));
const IN_FLIGHT = 4;

/**
 * The built server (`node dist/src/main.js`, as in production) receives
 * SIGTERM while requests wait on a table lock held by the test.
 */
describe('Graceful shutdown on SIGTERM', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: DataSource;
  let server: ChildProcess;
  let base: string;
  const stdout: string[] = [];
  let exited: Promise<number | null>;

  beforeAll(async () => {
    if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npx nest build\` first.`);
    database = await createTestDatabase();
    db = new DataSource(dataSourceOptions(database.url));
    await db.initialize();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [ENTRY], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        MIGRATE_ON_START: 'false',
        SEED_DEMO: 'false',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'content-api-data-')),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let partial = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      stdout.push(...lines);
    });
    exited = new Promise((resolve) => server.once('exit', resolve));
    await waitUntil(async () => (await fetch(`${base}/health/ready`)).status === 200);
  }, 60_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
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

    server.kill('SIGTERM');
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
    expect(await exited).toBe(0);

    const rows = await db.query(
      `SELECT request_id, status, operation FROM learning_log ORDER BY request_id`,
    );
    expect(rows).toEqual(
      callers.map((_, i) => ({ request_id: `shutdown-${i}`, status: 200, operation: 'listSites' })),
    );
  }, 90_000);

  it('logged JSON lines that carry the request id and never a key', () => {
    const entries = stdout.filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
    const completed = entries.filter((entry) => entry.request_id === 'shutdown-0');
    expect(completed).toContainEqual(
      expect.objectContaining({
        msg: 'request completed',
        operation: 'listSites',
        res: { statusCode: 200 },
        req: expect.objectContaining({
          headers: expect.objectContaining({ 'x-api-key': '[redacted]' }),
        }),
      }),
    );
    expect(stdout.join('\n')).not.toMatch(/cbr_[0-9A-Za-z]{40}/);
    expect(entries.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining([
        'SIGTERM received: finishing in-flight requests, then stopping.',
        'Stopped.',
      ]),
    );
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition.');
    await sleep(100);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
