import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source-options.js';
import { directUrlFor, holdOn } from './session-locks.js';

/** Any fixed number; every replica and CLI run takes the same lock before migrating. */
const MIGRATION_LOCK_KEY = 7_406_150_101;

/**
 * A schema a library keeps itself (the job queue's, pg-boss), created or
 * upgraded with the migrations; returns what it applied.
 */
export type SchemaStep = (dataSource: DataSource) => Promise<string[]>;

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so that
 * replicas starting together migrate once and the others wait, then find
 * nothing left to do. Schemas kept by libraries (`steps`: the job queue's,
 * given by the callers, which know the modules) follow, under the same lock:
 * wherever migrations run, and only there.
 */
export async function runMigrations(
  dataSource: DataSource,
  steps: readonly SchemaStep[],
): Promise<string[]> {
  return holdOn(dataSource, MIGRATION_LOCK_KEY, async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    const names = applied.map((migration) => migration.name);
    for (const step of steps) names.push(...(await step(dataSource)));
    return names;
  });
}

/**
 * Migrations at start and by `content-api migrate`: on the service's own
 * connection, or — with DATABASE_MIGRATION_URL, which DATABASE_POOLER=pgbouncer
 * requires — on a connection of their own straight to the primary, lock and
 * all, closed when they are done.
 */
export async function migrateDatabase(
  dataSource: DataSource,
  config: AppConfig,
  steps: readonly SchemaStep[],
): Promise<string[]> {
  const direct = directUrlFor(config);
  if (direct === undefined) return runMigrations(dataSource, steps);
  const own = new DataSource(dataSourceOptions(direct));
  await own.initialize();
  try {
    return await runMigrations(own, steps);
  } finally {
    await own.destroy();
  }
}
