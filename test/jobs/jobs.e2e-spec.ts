import type { INestApplicationContext } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { getRollbackPlans } from 'pg-boss';
import { DataSource } from 'typeorm';
import { runCli } from '../../src/cli/main.js';
import { freePort } from '../../src/common/net/free-port.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { JobQueue } from '../../src/jobs/job-queue.service.js';
import { JOB_QUEUE_SCHEMA } from '../../src/jobs/pg-boss-options.js';
import {
  createProbeTable,
  metricsOf,
  PROBE,
  PROBE_RETRY_LIMIT,
  startProbeInstance,
  waitForJobs,
} from '../support/job-instances.js';
import { createTestDatabase, withDatabase } from '../support/test-database.js';

/** Debian's package puts it here; the test runs where it is installed. */
const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path));
if (!PGBOUNCER)
  console.warn('Skipping the job queue through PgBouncer: pgbouncer is not installed.');

/**
 * A PgBouncer of the test's own in transaction mode, in front of the test's
 * PostgreSQL, with two server connections for all its clients. Stopped by its
 * process id.
 */
async function startPgBouncer(serverUrl: string): Promise<{ url: string; stop(): void }> {
  const server = new URL(serverUrl);
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'content-api-pgbouncer-'));
  // Run as root, PgBouncer runs as "postgres" (-u), which must read its files.
  chmodSync(folder, 0o755);
  const user = decodeURIComponent(server.username);
  writeFileSync(join(folder, 'users.txt'), `"${user}" "${decodeURIComponent(server.password)}"\n`);
  writeFileSync(
    join(folder, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(folder, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 2',
      'max_client_conn = 100',
    ].join('\n'),
  );
  for (const file of ['users.txt', 'pgbouncer.ini']) chmodSync(join(folder, file), 0o644);
  const asRoot = userInfo().uid === 0 ? ['-u', 'postgres'] : [];
  const bouncer = spawn(PGBOUNCER!, [...asRoot, join(folder, 'pgbouncer.ini')], {
    stdio: 'ignore',
  });
  const url = new URL(serverUrl);
  url.host = `127.0.0.1:${port}`;
  for (;;) {
    const client = new pg.Client({ connectionString: url.toString() });
    const up = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => undefined);
    if (up) break;
    if (bouncer.exitCode !== null) throw new Error(`pgbouncer exited with ${bouncer.exitCode}.`);
    await sleep(100);
  }
  return {
    url: url.toString(),
    stop: () => {
      process.kill(bouncer.pid!, 'SIGTERM');
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The job queue (pg-boss) as replicas run it: the service's JobsModule with
 * a probe queue registered the way a feature module registers its own, on a
 * database of this file's own. Each test starts and stops its instances.
 */
describe('The job queue', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: DataSource;
  const running: INestApplicationContext[] = [];

  async function start(instance: string): Promise<INestApplicationContext> {
    const app = await startProbeInstance(database.url, instance);
    running.push(app);
    return app;
  }
  async function stop(app: INestApplicationContext): Promise<void> {
    running.splice(running.indexOf(app), 1);
    await app.close();
  }
  const attempts = (label: string) =>
    db.query<Array<{ job_id: string; instance: string; retries: number }>>(
      `SELECT job_id, instance, retries FROM job_probe_attempts WHERE label = $1 ORDER BY retries`,
      [label],
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await new DataSource(dataSourceOptions(database.url)).initialize();
    await createProbeTable(db);
  });
  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it("refuses to start a replica on a database without the queue's tables, saying to migrate", async () => {
    const bare = await createTestDatabase();
    try {
      const client = new pg.Client({ connectionString: bare.url });
      await client.connect();
      await client.query('DROP SCHEMA pgboss CASCADE');
      await client.end();
      await expect(startProbeInstance(bare.url, 'unmigrated')).rejects.toThrow(
        /^The job queue's tables are missing or of another version \(pg-boss is not installed\): run `content-api migrate`/,
      );
    } finally {
      await bare.drop();
    }
  });

  it("upgrades pg-boss's schema where migrations run: a replica refuses the older one, `content-api migrate` brings it up", async () => {
    const older = await createTestDatabase();
    const client = new pg.Client({ connectionString: older.url });
    await client.connect();
    try {
      const [{ version }] = (await client.query(`SELECT version FROM pgboss.version`)).rows;
      await client.query(getRollbackPlans(JOB_QUEUE_SCHEMA, version));
      await expect(startProbeInstance(older.url, 'too-new')).rejects.toThrow(
        /requires migrations\): run `content-api migrate`/,
      );
      const run = { stdout: '', stderr: '' };
      const code = await runCli(['migrate', '--json'], {
        env: { DATABASE_URL: older.url, LOG_LEVEL: 'silent' },
        stdout: (text) => (run.stdout += text),
        stderr: (text) => (run.stderr += text),
      });
      expect({ code, ...run }).toEqual({
        code: 0,
        stdout: `${JSON.stringify({ applied: [`pg-boss schema ${version}`] }, null, 2)}\n`,
        stderr: '',
      });
      // The index builds pg-boss's upgrade leaves for later were done by the migration too.
      const bam = await client.query(`SELECT name FROM pgboss.bam WHERE status <> 'completed'`);
      expect(bam.rows).toEqual([]);
      await (await startProbeInstance(older.url, 'upgraded')).close();
    } finally {
      await client.end();
      await older.drop();
    }
  });

  it('keeps a job through a restart: sent, the replica stopped, the next one runs it', async () => {
    const first = await start('first');
    const id = await first
      .get(JobQueue)
      .send(PROBE, { label: 'restart' }, { startAfter: new Date(Date.now() + 2_000) });
    await stop(first);
    expect(await attempts('restart')).toEqual([]);

    await start('second');
    await waitForJobs(db, [id]);
    expect(await attempts('restart')).toEqual([{ job_id: id, instance: 'second', retries: 0 }]);
  });

  it('runs each job once with two replicas on one database', async () => {
    const [one, two] = [await start('one'), await start('two')];
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      ids.push(await (i % 2 ? one : two).get(JobQueue).send(PROBE, { label: `once-${i}` }));
    }
    await waitForJobs(db, ids);
    const runs = await db.query<Array<{ job_id: string; runs: number }>>(
      `SELECT job_id, count(*)::int AS runs FROM job_probe_attempts
        WHERE label LIKE 'once-%' GROUP BY job_id`,
    );
    expect(runs).toHaveLength(10);
    expect(runs.every((run) => run.runs === 1)).toBe(true);
    expect(new Set(runs.map((run) => run.job_id))).toEqual(new Set(ids));
    // Each worker takes one job per poll, so both replicas took some: the test raced them.
    const [{ instances }] = await db.query(
      `SELECT count(DISTINCT instance)::int AS instances FROM job_probe_attempts WHERE label LIKE 'once-%'`,
    );
    expect(instances).toBe(2);
  });

  it('retries a failed job with backoff until it succeeds, or marks it failed past the limit', async () => {
    const app = await start('retrying');
    const queue = app.get(JobQueue);
    const recovers = await queue.send(PROBE, { label: 'recovers', failures: PROBE_RETRY_LIMIT });
    const gives = await queue.send(PROBE, { label: 'gives-up', failures: 99 });
    await waitForJobs(db, [recovers]);
    await waitForJobs(db, [gives], ['failed']);

    expect((await attempts('recovers')).map((row) => row.retries)).toEqual([0, 1, 2]);
    expect((await attempts('gives-up')).map((row) => row.retries)).toEqual([0, 1, 2]);
    const [stored] = await db.query(
      `SELECT retry_limit, retry_delay, retry_backoff FROM pgboss.queue WHERE name = 'probe'`,
    );
    expect(stored).toEqual({ retry_limit: PROBE_RETRY_LIMIT, retry_delay: 1, retry_backoff: true });

    const metrics = await metricsOf(app);
    expect(metrics).toContain('content_api_job_failures_total{queue="probe"} 5');
    expect(metrics).toMatch(/content_api_jobs\{queue="probe",state="failed"\} 1\n/);
    expect(metrics).toMatch(/content_api_jobs\{queue="probe",state="retry"\} 0\n/);
  });

  it('stores a job sent within a transaction only if the transaction commits', async () => {
    const app = await start('transactional');
    const queue = app.get(JobQueue);
    const appDb = app.get(DataSource);
    await expect(
      appDb.transaction(async (manager) => {
        await queue.send(PROBE, { label: 'rolled-back' }, { transaction: manager });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = await appDb.transaction((manager) =>
      queue.send(PROBE, { label: 'committed' }, { transaction: manager }),
    );
    await waitForJobs(db, [committed]);
    expect(await attempts('committed')).toHaveLength(1);
    const [{ n }] = await db.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE data ->> 'label' = 'rolled-back'`,
    );
    expect(n).toBe(0);
  });

  (PGBOUNCER ? describe : describe.skip)('through PgBouncer in transaction mode', () => {
    let bouncer: { url: string; stop(): void };
    beforeAll(async () => {
      bouncer = await startPgBouncer(database.url);
    });
    afterAll(() => bouncer?.stop());

    it('runs each job once, two replicas sharing two server connections', async () => {
      // The replicas' own pools stay direct; only the queue goes through the pooler.
      const queueUrl = withDatabase(bouncer.url, new URL(database.url).pathname.slice(1));
      const replicas = [
        running[running.push(await startProbeInstance(database.url, 'bounced-1', queueUrl)) - 1],
        running[running.push(await startProbeInstance(database.url, 'bounced-2', queueUrl)) - 1],
      ];
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        ids.push(await replicas[i % 2].get(JobQueue).send(PROBE, { label: `bounced-${i}` }));
      }
      ids.push(
        await replicas[0].get(JobQueue).send(PROBE, { label: 'bounced-retried', failures: 1 }),
      );
      await waitForJobs(db, ids);
      const [runs] = await db.query(
        `SELECT count(*)::int AS attempts, count(DISTINCT job_id)::int AS jobs
           FROM job_probe_attempts WHERE label LIKE 'bounced-%'`,
      );
      expect(runs).toEqual({ attempts: 8, jobs: 7 });
    });
  });

  describe('`content-api jobs list`', () => {
    async function cli(args: string[]) {
      const run = { code: 0, stdout: '', stderr: '' };
      run.code = await runCli(args, {
        env: { DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
        stdout: (text) => (run.stdout += text),
        stderr: (text) => (run.stderr += text),
      });
      return run;
    }

    it('prints the jobs newest first as JSON: queue, state, times, retries and the last error', async () => {
      const run = await cli(['jobs', 'list', '--queue', 'probe', '--json']);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const listed = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
      const times = listed.map((job) => Date.parse(job.created_at as string));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const byLabel = async (label: string) => {
        const [{ job_id }] = await attempts(label);
        return listed.find((job) => job.id === job_id);
      };
      expect(await byLabel('recovers')).toEqual({
        id: expect.any(String),
        queue: 'probe',
        state: 'completed',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        started_at: expect.stringMatching(/Z$/),
        completed_at: expect.stringMatching(/Z$/),
        retries: 2,
        last_error: null,
      });
      expect(await byLabel('gives-up')).toMatchObject({
        state: 'failed',
        retries: 2,
        last_error: 'probe gives-up failed attempt 3',
      });
    });

    it('filters by state, and refuses an unknown one', async () => {
      const failed = JSON.parse(
        (await cli(['jobs', 'list', '--state', 'failed', '--json'])).stdout,
      );
      expect(failed.map((job: { state: string }) => job.state)).toEqual(['failed']);
      const refused = await cli(['jobs', 'list', '--state', 'stuck']);
      expect(refused.code).not.toBe(0);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(
        /It must be one of created, retry, active, completed, cancelled, failed/,
      );
    });

    it('never works a job itself, nor does `migrate`', async () => {
      const app = await start('sender');
      const due = await app.get(JobQueue).send(
        PROBE,
        { label: 'left-for-a-replica' },
        {
          startAfter: new Date(Date.now() + 300),
        },
      );
      await stop(app);
      await sleep(500); // due now: a worker would take it on its first poll
      for (const args of [
        ['migrate', '--json'],
        ['jobs', 'list', '--json'],
      ]) {
        expect((await cli(args)).code).toBe(0);
      }
      const [job] = await db.query(`SELECT state::text FROM pgboss.job WHERE id = $1`, [due]);
      expect(job).toEqual({ state: 'created' });
    });
  });
});
