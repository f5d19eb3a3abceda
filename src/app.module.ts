import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ArticlesModule } from './articles/articles.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BacklinksModule } from './backlinks/backlinks.module.js';
import { ConsoleModule } from './console/console.module.js';
import { ApiExceptionFilter } from './common/filters/api-exception.filter.js';
import { ApiValidationPipe } from './common/pipes/api-validation.pipe.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DemoModule } from './demo/demo.module.js';
import { HealthModule } from './health/health.module.js';
import { ImportModule } from './import/import.module.js';
import { LifecycleModule } from './lifecycle/lifecycle.module.js';
import { LoggingModule } from './logging/logging.module.js';
import { McpModule } from './mcp/mcp.module.js';
import { OAuthModule } from './oauth/oauth.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
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
        LifecycleModule,
        LoggingModule,
        DatabaseModule.forRoot(databaseUrl),
        MetricsModule,
        RateLimitModule,
        AuditModule,
        HealthModule,
        AuthModule,
        SitesModule,
        ArticlesModule,
        BacklinksModule,
        StatsModule,
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
