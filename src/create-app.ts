import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { requestIdMiddleware } from './common/http/request-id.middleware.js';
import type { AppConfig } from './config/app-config.js';
import { openDatabase } from './database/database-handle.js';
import type { DatabaseHandle } from './database/embedded-postgres.js';
import { runMigrations } from './database/migrator.js';
import { setupOpenApi } from './openapi/openapi.setup.js';

/** JSON bodies up to this size; an article body may be 1,000,000 characters, escaped. */
const JSON_BODY_LIMIT = '8mb';

export interface RunningApp {
  app: NestExpressApplication;
  database: DatabaseHandle;
  /** Closes the app, then the embedded database if this process started it. */
  close(): Promise<void>;
}

/** Opens the database, migrates it if configured, and builds the configured app (not yet listening). */
export async function createApp(config: AppConfig): Promise<RunningApp> {
  const logger = new Logger('Bootstrap');
  const database = await openDatabase(config, {
    debug: (message) => logger.debug(message),
    error: (message) => logger.error(message),
  });
  try {
    const app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot(config, database.url),
      { bodyParser: false, logger: config.logLevel === 'silent' ? false : undefined },
    );
    app.use(requestIdMiddleware);
    app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
    app.enableShutdownHooks();
    setupOpenApi(app);
    await app.init();
    if (config.migrateOnStart) {
      const applied = await runMigrations(app.get(DataSource));
      if (applied.length > 0) logger.log(`Applied migrations: ${applied.join(', ')}`);
    }
    return {
      app,
      database,
      close: async () => {
        await app.close();
        await database.stop();
      },
    };
  } catch (error) {
    await database.stop();
    throw error;
  }
}
