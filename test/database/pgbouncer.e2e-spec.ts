import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { runCli } from '../../src/cli/main.js';
import { loadConfig } from '../../src/config/app-config.js';
import { createApp, type RunningApp } from '../../src/create-app.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { PGBOUNCER, startPgBouncer, type PgBouncerProcess } from '../support/pgbouncer-process.mjs';
import {
  seedAccount,
  seedArticle,
  seedBacklink,
  seedSite,
  type SeededAccount,
} from '../support/fixtures.js';
import {
  adminQuery,
  assertTestDatabaseName,
  createTestDatabase,
  testServer,
  withDatabase,
} from '../support/test-database.js';

/**
 * The service behind Debian's PgBouncer in transaction mode, started by this
 * file in front of the test server with two server connections per database
 * (so consecutive statements of one client land on different ones), whatever
 * TEST_POOLER says. The rest of the suite can run the same way:
 * TEST_POOLER=pgbouncer (README, "Testing").
 */
const describeWithPgBouncer = existsSync(PGBOUNCER) ? describe : describe.skip;

const BASE_ENV = {
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  MIGRATE_ON_START: 'false',
  PUBLIC_BASE_URL: 'http://api.test',
};

function dataDir(): string {
  return mkdtempSync(join(tmpdir(), 'content-api-data-'));
}

function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

async function directQuery<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** An empty database (no schema yet), dropped by the returned function. */
async function emptyDatabase(suffix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `content_api_test_pgbouncer_${suffix}_${process.pid}`;
  assertTestDatabaseName(name);
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(testServer().adminUrl, name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function cli(argv: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    env: { ...BASE_ENV, DATA_DIR: dataDir(), ...env },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

describeWithPgBouncer('Behind PgBouncer in transaction mode', () => {
  let pgbouncer: PgBouncerProcess;

  beforeAll(async () => {
    pgbouncer = await startPgBouncer(testServer().adminUrl, { poolSize: 2 });
  });
  afterAll(async () => {
    await pgbouncer?.stop();
  });

  describe('with DATABASE_POOLER=pgbouncer', () => {
    let database: { url: string; drop(): Promise<void> };
    let running: RunningApp;
    let http: App;
    let owner: SeededAccount;
    let siteId: number;
    let articleId: number;

    /** Transactions PgBouncer has carried for the test database so far. */
    async function pooledTransactions(): Promise<number> {
      const stats = await pgbouncer.show('STATS');
      const row = stats.find((entry) => entry.database === databaseName(database.url));
      return Number(row?.total_xact_count ?? 0);
    }

    beforeAll(async () => {
      database = await createTestDatabase();
      running = await createApp(
        loadConfig({
          ...BASE_ENV,
          DATA_DIR: dataDir(),
          DATABASE_URL: pgbouncer.url(databaseName(database.url)),
          DATABASE_POOLER: 'pgbouncer',
          DATABASE_MIGRATION_URL: database.url,
        }),
      );
      http = running.app.getHttpServer();
      const db = running.app.get(DataSource);
      owner = await seedAccount(db);
      siteId = await seedSite(db, owner.accountId);
      for (let n = 1; n <= 30; n++) {
        await seedArticle(db, siteId, { title: `Article ${n}` });
        await seedBacklink(db, siteId);
      }
      [{ id: articleId }] = await directQuery<{ id: number }>(
        database.url,
        `SELECT min(id) AS id FROM articles`,
      );
    });
    afterAll(async () => {
      await running?.close();
      await database?.drop();
    });

    it('serves list pages, an article and stats, many at once, over two server connections', async () => {
      const before = await pooledTransactions();
      const paths = [
        '/api/v1/sites',
        `/api/v1/sites/${siteId}/articles?per_page=5`,
        `/api/v1/sites/${siteId}/articles?per_page=5&page=3`,
        `/api/v1/sites/${siteId}/backlinks?per_page=7`,
        `/api/v1/sites/${siteId}/stats?from=2026-10-01&to=2026-10-31`,
        `/api/v1/articles/${articleId}`,
      ];
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => paths)
          .flat()
          .map((path) => request(http).get(path).set('X-API-Key', owner.key)),
      );
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
      const byPath = new Map(paths.map((path, index) => [path, answers[index].body]));
      expect(byPath.get(`/api/v1/sites/${siteId}/articles?per_page=5`).meta.total).toBe(30);
      expect(byPath.get(`/api/v1/sites/${siteId}/articles?per_page=5&page=3`).data).toHaveLength(5);
      expect(byPath.get(`/api/v1/sites/${siteId}/backlinks?per_page=7`).data).toHaveLength(7);
      expect(byPath.get(`/api/v1/articles/${articleId}`).data.title).toBe('Article 1');
      expect(
        byPath.get(`/api/v1/sites/${siteId}/stats?from=2026-10-01&to=2026-10-31`).data,
      ).toEqual(
        expect.objectContaining({
          site_id: siteId,
          articles_published: 30,
          backlinks_acquired: 30,
        }),
      );
      expect(await pooledTransactions()).toBeGreaterThan(before);
    });

    it('takes an edit: the article, its revision and the learning-log row are stored', async () => {
      const read = await request(http)
        .get(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', owner.key);
      const edit = await request(http)
        .put(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', owner.key)
        .set('If-Match', read.headers.etag)
        .set('X-Request-Id', 'pgbouncer-edit')
        .send({ title: 'Edited through PgBouncer', body: '<p>New body</p>' });
      expect(edit.status).toBe(200);
      expect(edit.body.data.title).toBe('Edited through PgBouncer');

      const after = await request(http)
        .get(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', owner.key);
      expect(after.body.data.title).toBe('Edited through PgBouncer');
      await running.app.get(LearningLogWriter).flush();
      const stored = await directQuery<{ revisions: number; logged: number }>(
        database.url,
        `SELECT (SELECT count(*)::int FROM article_revisions WHERE article_id = $1) AS revisions,
                (SELECT count(*)::int FROM learning_log
                  WHERE request_id = 'pgbouncer-edit' AND status = 200) AS logged`,
        [articleId],
      );
      expect(stored).toEqual([{ revisions: 2, logged: 1 }]);
    });

    it('migrates an empty database at start over DATABASE_MIGRATION_URL, leaving no lock held', async () => {
      const empty = await emptyDatabase('migrate');
      try {
        const app = await createApp(
          loadConfig({
            ...BASE_ENV,
            DATA_DIR: dataDir(),
            DATABASE_URL: pgbouncer.url(databaseName(empty.url)),
            DATABASE_POOLER: 'pgbouncer',
            DATABASE_MIGRATION_URL: empty.url,
            MIGRATE_ON_START: 'true',
          }),
        );
        await app.close();
        const [{ applied }] = await directQuery<{ applied: number }>(
          empty.url,
          'SELECT count(*)::int AS applied FROM migrations',
        );
        expect(applied).toBe(MIGRATIONS.length);
        const locks = await directQuery(
          empty.url,
          `SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
            WHERE l.locktype = 'advisory' AND d.datname = current_database()`,
        );
        expect(locks).toEqual([]);
      } finally {
        await empty.drop();
      }
    });

    it('refuses to migrate through PgBouncer without DATABASE_MIGRATION_URL, naming it, and changes nothing', async () => {
      const empty = await emptyDatabase('refused');
      try {
        const env = {
          DATABASE_URL: pgbouncer.url(databaseName(empty.url)),
          DATABASE_POOLER: 'pgbouncer',
        };
        await expect(
          createApp(
            loadConfig({ ...BASE_ENV, DATA_DIR: dataDir(), ...env, MIGRATE_ON_START: 'true' }),
          ),
        ).rejects.toThrow(
          /^Invalid configuration: DATABASE_MIGRATION_URL must be set with DATABASE_POOLER=pgbouncer/,
        );
        const refused = await cli(['migrate', '--json'], env);
        expect(refused.code).toBe(1);
        expect(refused.stdout).toBe('');
        expect(refused.stderr).toMatch(
          /^error: Invalid configuration: DATABASE_MIGRATION_URL must be set with DATABASE_POOLER=pgbouncer/,
        );
        const tables = await directQuery(
          empty.url,
          `SELECT 1 FROM pg_tables WHERE schemaname = 'public'`,
        );
        expect(tables).toEqual([]);

        const migrated = await cli(['migrate', '--json'], {
          ...env,
          DATABASE_MIGRATION_URL: empty.url,
        });
        expect(migrated.code).toBe(0);
        const applied = JSON.parse(migrated.stdout).applied as string[];
        // Every migration, then the job queue's schema, installed with them.
        expect(applied).toHaveLength(MIGRATIONS.length + 1);
        expect(applied.at(-1)).toMatch(/^pg-boss schema \d+$/);
      } finally {
        await empty.drop();
      }
    });
  });

  describe('without DATABASE_POOLER', () => {
    it('stops with a message saying to set it: PgBouncer refuses the statement timeout at login', async () => {
      const database = await createTestDatabase();
      try {
        const run = await cli(['keys', 'list', '--account', '1', '--json'], {
          DATABASE_URL: pgbouncer.url(databaseName(database.url)),
        });
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(
          /^error: Invalid configuration: DATABASE_POOLER must be set to pgbouncer: DATABASE_URL leads to a connection pooler, which refused a startup parameter \(unsupported startup parameter: statement_timeout\)/,
        );
      } finally {
        await database.drop();
      }
    });

    it('still answers every read when PgBouncer is told to ignore that parameter: named statements give way to unnamed ones', async () => {
      const lenient = await startPgBouncer(testServer().adminUrl, {
        poolSize: 1,
        ignoreStartupParameters: ['statement_timeout'],
      });
      const database = await createTestDatabase();
      let app: RunningApp | undefined;
      try {
        app = await createApp(
          loadConfig({
            ...BASE_ENV,
            DATA_DIR: dataDir(),
            DATABASE_URL: lenient.url(databaseName(database.url)),
          }),
        );
        const db = app.app.get(DataSource);
        const owner = await seedAccount(db);
        const site = await seedSite(db, owner.accountId);
        await seedArticle(db, site);
        const http = app.app.getHttpServer() as App;
        for (let round = 0; round < 3; round++) {
          const answers = await Promise.all(
            Array.from({ length: 8 }, (_, n) =>
              request(http)
                .get(n % 2 ? `/api/v1/sites/${site}/articles` : `/api/v1/sites/${site}/stats`)
                .set('X-API-Key', owner.key),
            ),
          );
          expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
        }
      } finally {
        await app?.close();
        await database.drop();
        await lenient.stop();
      }
    });
  });
});
