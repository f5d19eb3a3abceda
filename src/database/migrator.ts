import type { DataSource } from 'typeorm';

/** Any fixed number; every replica and CLI run takes the same lock before migrating. */
const MIGRATION_LOCK_KEY = 7_406_150_101;

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so that
 * replicas starting together migrate once and the others wait, then find
 * nothing left to do.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await runner.release();
  }
}
