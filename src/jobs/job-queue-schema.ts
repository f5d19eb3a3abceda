import { setTimeout as sleep } from 'node:timers/promises';
import { PgBoss } from 'pg-boss';
import type { DataSource } from 'typeorm';
import { JOB_QUEUE_SCHEMA, pgBossOptions } from './pg-boss-options.js';

const ASYNC_MIGRATION_POLL_MS = 250;

/**
 * Creates pg-boss's schema, or brings it to the version of the installed
 * pg-boss, where the service's own migrations run (`runMigrations`: at start
 * under MIGRATE_ON_START, or `content-api migrate` in a deployment's
 * migration Job) — never in every replica: those start pg-boss with
 * `migrate: false`, and refuse to start on a schema of another version.
 *
 * pg-boss does the work through its own `start()`, each step under its
 * transaction-scoped advisory lock. Index builds a pg-boss upgrade leaves for
 * later ("async migrations") are waited for here, because no replica would
 * ever run them. Returns what changed, as `migrate` lists it (`pg-boss schema 46`).
 */
export async function migrateJobQueueSchema(dataSource: DataSource): Promise<string[]> {
  const before = await installedVersion(dataSource);
  const boss = new PgBoss({
    ...pgBossOptions(databaseUrlOf(dataSource)),
    max: 1,
    migrate: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
    // Index builds an upgrade leaves for later are claimed at most this often (10 s is pg-boss's
    // least); its 60 s would hold a migration that ran right after another one that long.
    bamIntervalSeconds: 10,
  });
  let failure: Error | undefined;
  boss.on('error', (error: Error) => (failure ??= error));
  try {
    await boss.start();
    await asyncMigrationsDone(boss);
  } finally {
    await boss.stop({ graceful: false });
  }
  if (failure) throw failure;
  const after = await installedVersion(dataSource);
  return after === before ? [] : [`pg-boss schema ${after}`];
}

/**
 * Waits while pg-boss builds (or retries a failed build of) an index its
 * upgrade asked for; a build still failed then stops the migration, to be run
 * again once the cause is fixed (pg-boss retries it then).
 */
async function asyncMigrationsDone(boss: PgBoss): Promise<void> {
  for (;;) {
    const statuses = await boss.getBamStatus();
    const waiting = statuses.some(
      (entry) => entry.status === 'pending' || entry.status === 'in_progress',
    );
    if (!waiting && !boss.isBamWorking()) {
      const failed = statuses.find((entry) => entry.status === 'failed');
      if (failed === undefined) return;
      throw new Error(
        `pg-boss could not finish ${failed.count} index build(s) of its upgrade: see the table ${JOB_QUEUE_SCHEMA}.bam, then migrate again`,
      );
    }
    await sleep(ASYNC_MIGRATION_POLL_MS);
  }
}

async function installedVersion(dataSource: DataSource): Promise<number | null> {
  const [row] = await dataSource.query<Array<{ installed: boolean }>>(
    `SELECT to_regclass($1) IS NOT NULL AS installed`,
    [`${JOB_QUEUE_SCHEMA}.version`],
  );
  if (!row.installed) return null;
  const [version] = await dataSource.query<Array<{ version: number }>>(
    `SELECT version FROM ${JOB_QUEUE_SCHEMA}.version`,
  );
  return version?.version ?? null;
}

/** The URL TypeORM connects with (dataSourceOptions always sets one). */
function databaseUrlOf(dataSource: DataSource): string {
  const { url } = dataSource.options as { url?: string };
  if (url === undefined) throw new Error('The data source has no URL to give the job queue.');
  return url;
}
