import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

export const POOL_SIZE = 10;

/**
 * No request waits on PostgreSQL for ever: connecting gives up after 5 s, a
 * statement after 30 s (server side), and a reply that never comes — a
 * server gone without closing the connection — after 35 s (client side).
 * Either way the caller gets 503 service_unavailable.
 */
const STATEMENT_TIMEOUT_MS = 30_000;

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    applicationName: 'content-api',
    extra: {
      max: POOL_SIZE,
      connectionTimeoutMillis: 5_000,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: STATEMENT_TIMEOUT_MS + 5_000,
      keepAlive: true,
    },
  };
}
