import type { DatabasePooler } from '../config/app-config.js';

/**
 * What a transaction pooler (PgBouncer with `pool_mode = transaction`) cannot
 * carry, because consecutive statements of one client may run on different
 * server connections:
 *
 * - startup parameters other than a few it tracks: PgBouncer 1.18 refuses
 *   `statement_timeout` (and `options`) outright, so the connection never opens;
 * - named prepared statements: one connection's statement is missing on the
 *   next, or already exists there (PgBouncer supports them only from 1.21);
 * - session state: `SET`, advisory locks held from one statement to the next,
 *   `LISTEN`, temporary tables kept past a transaction.
 *
 * The service turns the first two off with DATABASE_POOLER=pgbouncer and
 * takes its session locks (migrations, the demo data) over
 * DATABASE_MIGRATION_URL, a direct connection to the primary
 * (session-locks.ts). It holds no other session state: its `SET`s are
 * `SET LOCAL` inside a transaction, its temporary table is `ON COMMIT DROP`,
 * and it does not `LISTEN`.
 */
export function isTransactionPooled(pooler: DatabasePooler): boolean {
  return pooler === 'pgbouncer';
}

/**
 * PgBouncer's answer to a startup parameter it does not pass on (SQLSTATE
 * 08P01). PostgreSQL accepts any setting there, so this is how a service not
 * told of the pooler finds out: it stops with a message saying what to set.
 */
export function isRefusedStartupParameter(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '08P01' &&
    typeof message === 'string' &&
    message.startsWith('unsupported startup parameter')
  );
}

/**
 * A named statement that the server connection does not have (26000) or
 * already has under that name (42P05): the symptom of named statements sent
 * through a transaction pooler.
 */
export function isNamedStatementLost(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === '26000' || code === '42P05';
}
