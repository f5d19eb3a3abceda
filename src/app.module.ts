import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ArticlesModule } from './articles/articles.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BacklinksModule } from './backlinks/backlinks.module.js';
import { ApiExceptionFilter } from './common/filters/api-exception.filter.js';
import { ApiValidationPipe } from './common/pipes/api-validation.pipe.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DemoModule } from './demo/demo.module.js';
import { ImportModule } from './import/import.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { SitesModule } from './sites/sites.module.js';
import { StatsModule } from './stats/stats.module.js';

/** The whole service. Cross-cutting providers are registered here, once. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl),
        AuthModule,
        SitesModule,
        ArticlesModule,
        BacklinksModule,
        StatsModule,
        OpenApiModule,
        ImportModule,
        DemoModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useClass: ApiValidationPipe },
      ],
    };
  }
}
