import { DynamicModule, Module, Type } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { AuthModule } from '../auth/index.js';
import type { AppConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { SecondFactorsModule } from '../console/index.js';
import { DatabaseModule } from '../database/index.js';
import { DemoModule } from '../demo/index.js';
import { ImportModule } from '../import/index.js';
import { OAuthTokensModule } from '../oauth/index.js';
import { UsersModule } from '../users/index.js';

/** The feature modules whose services the commands use. No HTTP layer is built. */
const CLI_FEATURE_MODULES: Type[] = [
  AuthModule,
  UsersModule,
  // Disabling a person ends the assistant connections they allowed.
  OAuthTokensModule,
  // Resetting a person's second factors (users reset-factors).
  SecondFactorsModule,
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
