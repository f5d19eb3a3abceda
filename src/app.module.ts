import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ArticlesModule } from './articles/index.js';
import { LearningLogModule } from './learning-log/index.js';
import { AuthModule } from './auth/index.js';
import { BacklinksModule } from './backlinks/index.js';
import { ConsoleModule } from './console/index.js';
import { ApiExceptionFilter } from './common/filters/api-exception.filter.js';
import { ApiValidationPipe } from './common/pipes/api-validation.pipe.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/index.js';
import { DemoModule } from './demo/index.js';
import { HealthModule } from './health/index.js';
import { ImportModule } from './import/index.js';
import { JobsModule } from './jobs/index.js';
import { LifecycleModule } from './lifecycle/index.js';
import { LoggingModule } from './logging/index.js';
import { MailModule } from './mail/index.js';
import { McpModule } from './mcp/index.js';
import { OAuthModule } from './oauth/index.js';
import { MetricsModule } from './metrics/index.js';
import { OpenApiModule } from './openapi/index.js';
import { RateLimitGuard, RateLimitModule } from './rate-limit/index.js';
import { ReportModule } from './report/index.js';
import { SitesModule } from './sites/index.js';
import { StatsModule } from './stats/index.js';

/** The whole service. Cross-cutting providers are registered here, once. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LifecycleModule,
        LoggingModule,
        DatabaseModule.forRoot(databaseUrl, { readReplicas: true }),
        JobsModule.forRoot(databaseUrl),
        MetricsModule,
        RateLimitModule,
        LearningLogModule,
        MailModule,
        HealthModule,
        AuthModule,
        SitesModule,
        ArticlesModule,
        BacklinksModule,
        StatsModule,
        ReportModule,
        McpModule,
        OAuthModule,
        OpenApiModule,
        ImportModule,
        DemoModule,
        // Last: its catch-all "not found" page must come after every other route.
        ConsoleModule,
      ],
      providers: [
        // Guards declared here run before those of imported modules (ApiKeyGuard): a call is
        // counted even when authentication then refuses it. Calls to /api and /mcp are counted,
        // and their operation noted, before routing, by CallAdmission (mounted in createApp).
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useClass: ApiValidationPipe },
      ],
    };
  }
}
