import type { ConstructorOptions } from 'pg-boss';

/** pg-boss's tables live in a schema of their own, next to the service's in `public`. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/**
 * Connections of the queue's own pool, per replica, besides the service's
 * pool of 10: workers poll, complete and retry through it, and the
 * supervisor and the cron clock run on it; job handlers use the service's.
 */
export const JOB_QUEUE_POOL_SIZE = 3;

/**
 * What every pg-boss instance of the service shares. LISTEN/NOTIFY stays
 * off (pg-boss's default): it needs a connection held for the whole session,
 * which a transaction pooler such as PgBouncer cannot give; workers poll.
 * Everything else pg-boss runs holds only transaction-scoped state (its
 * advisory locks are `pg_advisory_xact_lock`, its settings `SET LOCAL`), so
 * it works through PgBouncer in transaction mode.
 */
export function pgBossOptions(databaseUrl: string): ConstructorOptions {
  return {
    connectionString: databaseUrl,
    schema: JOB_QUEUE_SCHEMA,
    application_name: 'content-api-jobs',
    max: JOB_QUEUE_POOL_SIZE,
    useListenNotify: false,
  };
}
