import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MetricsService } from '../metrics/metrics.service.js';
import { REDIS_CLIENT } from '../redis/redis.module.js';
import { MemoryRollingWindow } from './memory-rolling-window.js';
import { RedisRollingWindow } from './redis-rolling-window.js';
import type { RollingWindow, WindowCount } from './rolling-window.js';

/** After a failed Redis call, how long counting stays in process before Redis is tried again. */
const REDIS_RETRY_AFTER_MS = 1_000;

/**
 * The counters: a rolling window in Redis when REDIS_URL is set, so that
 * every replica counts against one limit; in process otherwise.
 *
 * When Redis cannot be reached the service keeps answering (fails open): it
 * logs one warning, counts each miss in `rate_limit_store_errors_total`, and
 * counts in process meanwhile — the limit then holds per replica instead of
 * across them. It goes back to Redis by itself once Redis answers.
 */
@Injectable()
export class RateLimitStore implements RollingWindow {
  private readonly logger = new Logger(RateLimitStore.name);
  private readonly local = new MemoryRollingWindow();
  private readonly shared: RedisRollingWindow | null;
  private sharedDown = false;
  private retrySharedAt = 0;

  constructor(
    @Inject(REDIS_CLIENT) redis: Redis | null,
    private readonly metrics: MetricsService,
  ) {
    this.shared = redis ? new RedisRollingWindow(redis) : null;
  }

  async hit(key: string, windowMs: number, limit: number): Promise<WindowCount> {
    if (this.shared && Date.now() >= this.retrySharedAt) {
      try {
        const counted = await this.shared.hit(key, windowMs, limit);
        if (this.sharedDown) {
          this.sharedDown = false;
          this.logger.log('Redis answers again: rate limits are shared across replicas again.');
        }
        return counted;
      } catch (error) {
        this.retrySharedAt = Date.now() + REDIS_RETRY_AFTER_MS;
        if (!this.sharedDown) {
          this.sharedDown = true;
          this.logger.warn(
            `Redis unreachable (${(error as Error).message}): counting rate limits in this process until it is back.`,
          );
        }
      }
    }
    if (this.shared) this.metrics.rateLimitStoreErrors.inc();
    return this.local.hit(key, windowMs, limit);
  }
}
