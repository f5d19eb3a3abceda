import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { createApp, type RunningApp } from '../../src/create-app.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { runMigrations } from '../../src/database/migrator.js';
import { migrateJobQueueSchema } from '../../src/jobs/job-queue-schema.js';
import { waitUntil } from '../support/built-server.js';
import { seedAccount, seedArticle, seedKey, seedSite } from '../support/fixtures.js';
import {
  hasPostgresPrograms,
  startPrimary,
  startReplica,
  type LocalPostgres,
} from '../support/postgres-cluster.js';

/**
 * Read replicas against a real streaming replica: a primary of the test's
 * own (initdb, wal_level=replica) and a standby made from it with
 * `pg_basebackup -R`, each on its own loopback port and stopped by its PID.
 * Pausing the standby's replay (`pg_wal_replay_pause()`) makes it miss what
 * the primary has, so which server answered a read shows in what it returns.
 */
const describeWithPostgres = hasPostgresPrograms ? describe : describe.skip;
const itWithRedis = process.env.REDIS_URL ? it : it.skip;

const DATABASE = 'content_api';
const ORIGINAL = 'Original title';

describeWithPostgres('Read replicas', () => {
  let primary: LocalPostgres;
  let replica: LocalPostgres;
  let seeding: DataSource;
  let writer: { keyId: number; key: string };
  let reader: { keyId: number; key: string };
  let articleId: number;
  const running: RunningApp[] = [];
  /** Shared by the instances that share Redis, unique to this run. */
  const redisKeyPrefix = `content-api-test-${randomBytes(4).toString('hex')}:`;

  async function start(env: Record<string, string> = {}): Promise<App> {
    const app = await createApp(
      loadConfig({
        DATABASE_URL: primary.url(DATABASE),
        DATABASE_REPLICA_URLS: replica.url(DATABASE),
        REPLICA_MAX_LAG_SECONDS: '3600',
        ...(process.env.REDIS_URL
          ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: redisKeyPrefix }
          : {}),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'content-api-data-')),
        LOG_LEVEL: 'silent',
        MIGRATE_ON_START: 'false',
        SEED_DEMO: 'false',
        PUBLIC_BASE_URL: 'http://api.test',
        // The reads of this file are many; the per-minute limit is not what it tests.
        RATE_LIMIT_PER_MINUTE: '10000',
        ...env,
      }),
    );
    running.push(app);
    const http = app.app.getHttpServer() as App;
    return http;
  }

  async function onReplica(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: replica.url(DATABASE) });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  /** The value of one sample of /metrics (0 when absent). */
  async function metric(http: App, sample: string): Promise<number> {
    const res = await request(http).get('/metrics');
    const line = res.text.split('\n').find((candidate) => candidate.startsWith(`${sample} `));
    return line === undefined ? 0 : Number(line.slice(sample.length + 1));
  }

  const replicaName = () => `127.0.0.1:${replica.port}`;
  const servedByReplica = (http: App) =>
    metric(http, `content_api_db_reads_total{target="${replicaName()}",reason="replica"}`);

  async function title(http: App, key: string): Promise<string> {
    const res = await request(http).get(`/api/v1/articles/${articleId}`).set('X-API-Key', key);
    expect(res.status).toBe(200);
    return res.body.data.title as string;
  }

  async function untilReplicaServes(http: App): Promise<void> {
    await waitUntil(
      async () =>
        (await metric(http, `content_api_db_replica_serving{replica="${replicaName()}"}`)) === 1,
    );
  }

  /** Replays what the standby missed, and waits until a reader sees the primary's title. */
  async function resumeReplay(http: App, expected: string): Promise<void> {
    await onReplica('SELECT pg_wal_replay_resume()');
    await waitUntil(async () => (await title(http, reader.key)) === expected);
  }

  beforeAll(async () => {
    primary = await startPrimary();
    const admin = new pg.Client({ connectionString: primary.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    seeding = await new DataSource(dataSourceOptions(primary.url(DATABASE))).initialize();
    await runMigrations(seeding, [migrateJobQueueSchema]);
    const owner = await seedAccount(seeding);
    writer = { keyId: owner.keyId, key: owner.key };
    reader = await seedKey(seeding, owner.accountId);
    articleId = await seedArticle(seeding, await seedSite(seeding, owner.accountId), {
      title: ORIGINAL,
    });
    replica = await startReplica(primary);
  }, 120_000);

  afterAll(async () => {
    for (const app of running) await app.close();
    await seeding?.destroy();
    await replica?.stop();
    await primary?.stop();
  });

  describe('on one instance', () => {
    let http: App;

    beforeAll(async () => {
      http = await start();
      await untilReplicaServes(http);
    });

    it('serves reads from the replica: a change on the primary alone is not seen while replay is paused', async () => {
      const before = await servedByReplica(http);
      expect(await title(http, reader.key)).toBe(ORIGINAL);
      expect(await servedByReplica(http)).toBeGreaterThan(before);

      await onReplica('SELECT pg_wal_replay_pause()');
      await seeding.query(`UPDATE articles SET title = 'Changed by SQL' WHERE id = $1`, [
        articleId,
      ]);
      expect(await title(http, reader.key)).toBe(ORIGINAL);
      await resumeReplay(http, 'Changed by SQL');
    });

    it('reads your writes: an edit, then an immediate read by its key returns the edit', async () => {
      await onReplica('SELECT pg_wal_replay_pause()');
      const edit = await request(http)
        .put(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', writer.key)
        .send({ title: 'Edited while the replica is paused', body: '<p>Hello world</p>' });
      expect(edit.status).toBe(200);
      expect(edit.body.data.title).toBe('Edited while the replica is paused');

      expect(await title(http, writer.key)).toBe('Edited while the replica is paused');
      // Another key has not written: it reads the replica, which does not have the edit yet.
      expect(await title(http, reader.key)).toBe('Changed by SQL');
      await resumeReplay(http, 'Edited while the replica is paused');
    });

    it('reports the replica and its lag in /metrics and /health/ready', async () => {
      const metrics = (await request(http).get('/metrics')).text;
      expect(metrics).toMatch(
        new RegExp(`^content_api_db_replica_lag_seconds\\{replica="${replicaName()}"\\} \\d`, 'm'),
      );
      const ready = await request(http).get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.details.replicas).toEqual({ status: 'up' });
    });
  });

  itWithRedis(
    'reads your writes on another instance too: the mark is shared through Redis',
    async () => {
      const first = await start();
      // No stickiness window here: only the shared mark's WAL position keeps the read on the primary.
      const second = await start({ REPLICA_STICKY_SECONDS: '0' });
      await untilReplicaServes(second);
      await onReplica('SELECT pg_wal_replay_pause()');
      const edit = await request(first)
        .put(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', writer.key)
        .send({ title: 'Edited on the first instance', body: '<p>Hello world</p>' });
      expect(edit.status).toBe(200);

      expect(await title(second, writer.key)).toBe('Edited on the first instance');
      expect(await title(second, reader.key)).toBe('Edited while the replica is paused');
      await resumeReplay(second, 'Edited on the first instance');
    },
  );

  it('skips a replica further behind than REPLICA_MAX_LAG_SECONDS: its reads go to the primary', async () => {
    const http = await start({ REPLICA_MAX_LAG_SECONDS: '1' });
    await untilReplicaServes(http);
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      await seeding.query(`UPDATE articles SET title = 'Changed while lagging' WHERE id = $1`, [
        articleId,
      ]);
      await waitUntil(async () => (await title(http, reader.key)) === 'Changed while lagging');
      expect(await metric(http, `content_api_db_replica_serving{replica="${replicaName()}"}`)).toBe(
        0,
      );
      const ready = await request(http).get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.details.replicas).toEqual({
        status: 'degraded',
        skipped: [replicaName()],
      });
      const before = await servedByReplica(http);
      expect(await title(http, reader.key)).toBe('Changed while lagging');
      expect(await servedByReplica(http)).toBe(before);
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
  });

  it('costs no failed request when the replica stops, nor a failed start', async () => {
    const http = await start();
    await untilReplicaServes(http);
    await seeding.query(`UPDATE articles SET title = 'Before the replica stops' WHERE id = $1`, [
      articleId,
    ]);
    await waitUntil(async () => (await title(http, reader.key)) === 'Before the replica stops');
    await replica.stop();

    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          request(http).get(`/api/v1/articles/${articleId}`).set('X-API-Key', reader.key),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
      expect(answers.map((res) => res.body.data.title)).toEqual(
        answers.map(() => 'Before the replica stops'),
      );
    }
    const ready = await request(http).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.details.replicas.status).toBe('degraded');

    // An instance starting while the replica is down starts, and serves from the primary.
    const late = await start();
    expect(await title(late, reader.key)).toBe('Before the replica stops');
    expect((await request(late).get('/health/ready')).status).toBe(200);
  });
});
