import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AuthModule } from '../auth/auth.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { RedisModule } from '../redis/redis.module.js';
import { CallAdmission } from './call-admission.js';
import { CallCounter } from './call-counter.service.js';
import { RateLimitStore } from './rate-limit.store.js';
import { RequestRateLimiter } from './request-rate-limiter.service.js';

/**
 * The per-minute request limit (RATE_LIMIT_PER_MINUTE per key, or per client
 * address without a recognised key). CallAdmission applies it to every call
 * to /api and /mcp before routing (createApp mounts it); RateLimitGuard,
 * registered in AppModule where its order before ApiKeyGuard is fixed, to
 * any other route.
 */
@Module({
  imports: [RedisModule, MetricsModule, AuthModule, DiscoveryModule],
  providers: [RateLimitStore, RequestRateLimiter, CallCounter, CallAdmission],
  exports: [RequestRateLimiter, CallCounter, CallAdmission],
})
export class RateLimitModule {}
