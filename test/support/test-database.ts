import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { runMigrations } from '../../src/database/migrator.js';
import { migrateJobQueueSchema } from '../../src/jobs/job-queue-schema.js';

const TEMPLATE_LOCK_KEY = 7_406_150_202;

/** Set by global-setup: a server we may create databases on, and the migrated template. */
export function testServer(): { adminUrl: string; templateDb: string } {
  const adminUrl = process.env.TEST_ADMIN_URL;
  const templateDb = process.env.TEST_TEMPLATE_DB;
  if (!adminUrl || !templateDb)
    throw new Error('Run the e2e tests through jest (global-setup sets the test server).');
  return { adminUrl, templateDb };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * What an app under test connects to its database with: the database itself,
 * or — when the run started a PgBouncer (TEST_POOLER=pgbouncer, global-setup) —
 * that database through PgBouncer, declared as such, with the database itself
 * for migrations.
 */
export function databaseEnv(url: string): Record<string, string> {
  const pooled = process.env.TEST_POOLED_SERVER_URL;
  if (!pooled) return { DATABASE_URL: url };
  return {
    DATABASE_URL: withDatabase(pooled, new URL(url).pathname.slice(1)),
    DATABASE_POOLER: 'pgbouncer',
    DATABASE_MIGRATION_URL: url,
  };
}

/** Destructive setup runs only against databases whose name says they are for tests. */
export function assertTestDatabaseName(name: string): void {
  if (!/^content_api_test_[a-z0-9_]+$/.test(name)) {
    throw new Error(
      `Refusing to touch database "${name}": test databases are named content_api_test_*`,
    );
  }
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServer().adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let templateReady: Promise<void> | undefined;

/** Migrates the run's template once, whichever test file (worker) gets here first. */
function ensureTemplateMigrated(): Promise<void> {
  templateReady ??= (async () => {
    const { adminUrl, templateDb } = testServer();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const marked = await client.query(
        `SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate`,
        [templateDb],
      );
      if (marked.rowCount === 0) {
        const dataSource = new DataSource(dataSourceOptions(withDatabase(adminUrl, templateDb)));
        await dataSource.initialize();
        try {
          await runMigrations(dataSource, [migrateJobQueueSchema]);
        } finally {
          await dataSource.destroy();
        }
        await client.query(`ALTER DATABASE ${templateDb} WITH IS_TEMPLATE true`);
      }
    } finally {
      await client
        .query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY])
        .catch(() => undefined);
      await client.end();
    }
  })();
  return templateReady;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  await ensureTemplateMigrated();
  const { adminUrl, templateDb } = testServer();
  const name = `content_api_test_${randomBytes(6).toString('hex')}`;
  assertTestDatabaseName(name);
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${templateDb}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
