import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { ConfigModule } from '../../src/config/config.module.js';
import { DatabaseModule } from '../../src/database/index.js';
import { createTestDatabase } from './test-database.js';

export interface ServiceModule {
  module: TestingModule;
  /** The module's own connection to its database. */
  db: DataSource;
  close(): Promise<void>;
}

/**
 * The service tier's harness: the feature modules under test with their real
 * TypeORM connection, on a migrated database of their own (as an e2e file
 * gets), and no HTTP layer. Services are taken with `module.get(...)` and
 * called directly, so a failure names the service, not a route.
 */
export async function createServiceModule(
  features: Type[],
  env: Record<string, string> = {},
): Promise<ServiceModule> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'content-api-data-')),
    LOG_LEVEL: 'silent',
    MIGRATE_ON_START: 'false',
    SEED_DEMO: 'false',
    PUBLIC_BASE_URL: 'http://api.test',
    ...env,
  });
  const module = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      DatabaseModule.forRoot(database.url, { retryAttempts: 0 }),
      ...features,
    ],
  }).compile();
  module.useLogger(false);
  await module.init();
  return {
    module,
    db: module.get(DataSource),
    close: async () => {
      await module.close();
      await database.drop();
    },
  };
}
