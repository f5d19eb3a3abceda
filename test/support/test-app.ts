import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { App } from 'supertest/types.js';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { createApp } from '../../src/create-app.js';
import { createTestDatabase, databaseEnv } from './test-database.js';

export interface TestApp {
  app: NestExpressApplication;
  http: App;
  /** The app's own connection (through PgBouncer when the run uses one). */
  db: DataSource;
  /** The database itself, never through a pooler. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The real app on a database of its own. `env` overrides the environment the
 * way an operator would (e.g. `{ EDIT_LIMIT_PER_DAY: '10' }`).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    ...databaseEnv(database.url),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'content-api-data-')),
    LOG_LEVEL: 'silent',
    MIGRATE_ON_START: 'false',
    SEED_DEMO: 'false',
    PUBLIC_BASE_URL: 'http://api.test',
    ...env,
  });
  const running = await createApp(config);
  return {
    app: running.app,
    http: running.app.getHttpServer() as App,
    db: running.app.get(DataSource),
    databaseUrl: database.url,
    close: async () => {
      await running.close();
      await database.drop();
    },
  };
}
