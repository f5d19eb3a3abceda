import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module.js';
import { RedisModule } from '../redis/redis.module.js';
import { RateLimitStore } from './rate-limit.store.js';
import { RequestRateLimiter } from './request-rate-limiter.service.js';

/**
 * The per-minute request limit (RATE_LIMIT_PER_MINUTE per key, or per client
 * address without a recognised key). RateLimitGuard is registered in
 * AppModule, where its order before ApiKeyGuard is fixed; RequestRateLimiter
 * also counts calls that do not pass through it (agent tool calls).
 */
@Module({
  imports: [RedisModule, MetricsModule],
  providers: [RateLimitStore, RequestRateLimiter],
  exports: [RequestRateLimiter],
})
export class RateLimitModule {}
