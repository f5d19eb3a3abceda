import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AppSecrets } from './app-secrets.js';
import { ERROR_TRANSLATORS } from '../common/errors/error-translators.js';
import { ConfigError, type AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RedisModule } from '../redis/index.js';
import { dataSourceOptions } from './data-source-options.js';
import { databaseUnavailableTranslator } from './database-unavailable.js';
import { isRefusedStartupParameter } from './pooler.js';
import { PreparedStatements } from './prepared-statements.js';
import { ReadRouter } from './replicas/read-router.js';
import { ReplicaMetrics } from './replicas/replica-metrics.js';
import { ReplicaSet } from './replicas/replica-set.js';
import { REPLICA_SETTINGS, type ReplicaSettings } from './replicas/replica-settings.js';
import { WriteMarks } from './replicas/write-marks.js';
import { RowStreams } from './row-stream.js';
import { SessionLocks } from './session-locks.js';

export interface DatabaseOptions {
  /** Retries of the first connection (TypeORM’s default unless given). */
  retryAttempts?: number;
  /**
   * Whether reads may go to DATABASE_REPLICA_URLS (the server: yes; the CLI,
   * whose operator reads right after writing, always reads the primary).
   */
  readReplicas?: boolean;
}

/**
 * The database connection (TypeORM's pool on the primary), the read replicas
 * and where each read goes (ReadRouter), and the statements run on them, for
 * every module.
 */
@Module({})
export class DatabaseModule {
  static forRoot(
    url: string,
    { readReplicas = false, ...connect }: DatabaseOptions = {},
  ): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            ...dataSourceOptions(url, config.databasePooler),
            // Each module registers its own entities (TypeOrmModule.forFeature): no list of them here.
            autoLoadEntities: true,
            ...connect,
            // A pooler to declare is a setting to change, not an outage to wait out.
            toRetry: (error: unknown) => !(error instanceof ConfigError),
          }),
          dataSourceFactory: (options) => connectOrExplain(options as DataSourceOptions),
        }),
        // Write marks are shared through Redis when REDIS_URL is set.
        ...(readReplicas ? [RedisModule] : []),
      ],
      providers: [
        {
          provide: REPLICA_SETTINGS,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig): ReplicaSettings => ({
            ...config.replicas,
            urls: readReplicas ? config.replicas.urls : [],
            pooler: config.databasePooler,
          }),
        },
        ReplicaSet,
        WriteMarks,
        ReplicaMetrics,
        ReadRouter,
        PreparedStatements,
        RowStreams,
        SessionLocks,
        AppSecrets,
        { provide: ERROR_TRANSLATORS, useValue: [databaseUnavailableTranslator] },
      ],
      exports: [
        ReadRouter,
        ReplicaSet,
        ReplicaMetrics,
        PreparedStatements,
        RowStreams,
        SessionLocks,
        AppSecrets,
        ERROR_TRANSLATORS,
      ],
    };
  }
}

async function connectOrExplain(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = new DataSource(options);
  try {
    return await dataSource.initialize();
  } catch (error) {
    if (!isRefusedStartupParameter(error)) throw error;
    throw new ConfigError(
      'DATABASE_POOLER',
      `must be set to pgbouncer: DATABASE_URL leads to a connection pooler, which refused a startup parameter (${(error as Error).message})`,
    );
  }
}
