import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuthModule } from '../auth/index.js';
import { AppRoutesModule } from '../common/http/app-routes.js';
import { MetricsModule } from '../metrics/index.js';
import { RedisModule } from '../redis/index.js';
import { CallAdmission } from './call-admission.js';
import { CallCounter } from './call-counter.service.js';
import { ExportAdmission } from './export-admission.js';
import { RateLimitStore } from './rate-limit.store.js';
import { RequestRateLimiter } from './request-rate-limiter.service.js';

/**
 * The per-minute request limit (RATE_LIMIT_PER_MINUTE per key, or per client
 * address without a recognised key). CallAdmission applies it to every call
 * to /api and /mcp before routing (createApp mounts it); RateLimitGuard,
 * registered in AppModule where its order before ApiKeyGuard is fixed, to
 * any other route. ExportAdmission holds the whole-range exports of a key to a few at once.
 */
@Module({
  imports: [RedisModule, MetricsModule, AuthModule, AppRoutesModule],
  providers: [
    RateLimitStore,
    RequestRateLimiter,
    CallCounter,
    CallAdmission,
    // Global: the lists marked @CsvExport() are in their own modules.
    { provide: APP_INTERCEPTOR, useClass: ExportAdmission },
  ],
  exports: [RequestRateLimiter, CallCounter, CallAdmission],
})
export class RateLimitModule {}
