import type { AppConfig } from '../config/app-config.js';
import { DatabaseHandle, EmbeddedLog, startEmbeddedPostgres } from './embedded-postgres.js';

/** DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR. */
export function openDatabase(config: AppConfig, log: EmbeddedLog): Promise<DatabaseHandle> {
  if (config.databaseUrl !== undefined) {
    return Promise.resolve({
      url: config.databaseUrl,
      embedded: false,
      stop: () => Promise.resolve(),
    });
  }
  return startEmbeddedPostgres(config.dataDir, log);
}
