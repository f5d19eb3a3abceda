import { DynamicModule, Module, Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ArticlesModule } from '../articles/articles.module.js';
import { AuthModule } from '../auth/auth.module.js';
import type { AppConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { dataSourceOptions } from '../database/data-source-options.js';
import { DemoModule } from '../demo/demo.module.js';
import { ImportModule } from '../import/import.module.js';
import { UsersModule } from '../users/users.module.js';

/** The feature modules whose services the commands use. No HTTP layer is built. */
const CLI_FEATURE_MODULES: Type[] = [
  AuthModule,
  UsersModule,
  ArticlesModule,
  ImportModule,
  DemoModule,
];

/** What a command runs in: the configuration, the database, and the feature modules. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        // One attempt: an operator at a terminal wants the error now, not after retries.
        TypeOrmModule.forRoot({ ...dataSourceOptions(databaseUrl), retryAttempts: 0 }),
        ...CLI_FEATURE_MODULES,
      ],
    };
  }
}
