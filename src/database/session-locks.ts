import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { ConfigError, type AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { isTransactionPooled } from './pooler.js';

/**
 * Where a session-level lock (held from one statement to the next) can be
 * taken: DATABASE_MIGRATION_URL when set; otherwise DATABASE_URL, unless that
 * leads to a transaction pooler, which would run the unlock on another server
 * connection than the lock and leave the lock held there.
 */
export function directUrlFor(config: AppConfig): string | undefined {
  if (config.databaseMigrationUrl !== undefined) return config.databaseMigrationUrl;
  if (isTransactionPooled(config.databasePooler)) {
    throw new ConfigError(
      'DATABASE_MIGRATION_URL',
      `must be set with DATABASE_POOLER=${config.databasePooler}: migrations and the demo data hold a PostgreSQL session lock, which a transaction pooler cannot keep; point it at the primary itself, not at the pooler`,
    );
  }
  return undefined;
}

/**
 * PostgreSQL session-level advisory locks, held while work runs on other
 * connections: replicas and CLI runs that race take turns.
 */
@Injectable()
export class SessionLocks {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async hold<T>(key: number, work: () => Promise<T>): Promise<T> {
    const direct = directUrlFor(this.config);
    return direct === undefined
      ? holdOn(this.dataSource, key, work)
      : holdDirectly(direct, key, work);
  }
}

/** The lock on a connection of the data source's own pool, kept until the work is done. */
export async function holdOn<T>(
  dataSource: DataSource,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await runner.release();
  }
}

async function holdDirectly<T>(url: string, key: number, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'content-api' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    // Ending the session releases the lock whether or not the unlock got through.
    await client.end().catch(() => undefined);
  }
}
