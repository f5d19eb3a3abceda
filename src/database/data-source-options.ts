import type { DataSourceOptions } from 'typeorm';
import type { DatabasePooler } from '../config/app-config.js';
import { MIGRATIONS } from './migrations/index.js';
import { isTransactionPooled } from './pooler.js';

export const POOL_SIZE = 10;

/**
 * No request waits on PostgreSQL for ever: connecting gives up after 5 s, a
 * statement after 30 s (server side), and a reply that never comes — a
 * server gone without closing the connection — after 35 s (client side).
 * Either way the caller gets 503 service_unavailable.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * node-postgres's settings for every pool the service opens (the primary's
 * and each replica's). Through a transaction pooler the statement timeout
 * cannot be a startup parameter (PgBouncer refuses the connection): it is then
 * the role's setting on the server (docs/scaling.md, "Connection poolers"),
 * and the client-side timeout still bounds the wait.
 */
export function poolSettings(pooler: DatabasePooler): Record<string, unknown> {
  return {
    max: POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    ...(isTransactionPooled(pooler) ? {} : { statement_timeout: STATEMENT_TIMEOUT_MS }),
    query_timeout: STATEMENT_TIMEOUT_MS + 5_000,
    keepAlive: true,
  };
}

export function dataSourceOptions(url: string, pooler: DatabasePooler = 'none'): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // PgBouncer passes application_name on (it is one of the parameters it tracks).
    applicationName: 'content-api',
    extra: poolSettings(pooler),
  };
}
