import { DynamicModule, Module, Type } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module.js';
import { AuthModule } from '../auth/auth.module.js';
import type { AppConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
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
        DatabaseModule.forRoot(databaseUrl, { retryAttempts: 0 }),
        ...CLI_FEATURE_MODULES,
      ],
    };
  }
}
