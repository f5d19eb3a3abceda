import { Inject, Injectable, Logger } from '@nestjs/common';
import { MetricsService } from '../metrics/index.js';
import { registerRedisUpGauge } from '../metrics/index.js';
import type { RedisClient } from '../redis/index.js';
import { REDIS_CLIENT } from '../redis/index.js';
import type { ConcurrencySlots } from './concurrency-slots.js';
import { MemoryConcurrencySlots } from './memory-concurrency-slots.js';
import { MemoryRollingWindow } from './memory-rolling-window.js';
import { RedisConcurrencySlots } from './redis-concurrency-slots.js';
import { RedisRollingWindow } from './redis-rolling-window.js';
import type { RollingWindow, WindowCount } from './rolling-window.js';

/** After a failed Redis call, how long counting stays in process before Redis is tried again. */
const REDIS_RETRY_AFTER_MS = 1_000;

/**
 * The counters: a rolling window in Redis when it is configured (one server, Sentinel or
 * Cluster), so that every replica counts against one limit; in process otherwise. The same
 * for the concurrency slots (exports running at once per key).
 *
 * When Redis cannot be reached the service keeps answering (fails open): it logs one warning
 * per outage, counts each call counted in process meanwhile in
 * `rate_limit_store_errors_total`, and shows `redis_up` 0 — the limit then holds per replica
 * instead of across them. It goes back to Redis by itself: at the client's next (re)connection,
 * or at the first call a second after the last failure that Redis answers.
 */
@Injectable()
export class RateLimitStore implements RollingWindow, ConcurrencySlots {
  private readonly logger = new Logger(RateLimitStore.name);
  private readonly local = new MemoryRollingWindow();
  private readonly shared: RedisRollingWindow | null;
  private readonly localSlots = new MemoryConcurrencySlots();
  private readonly sharedSlots: RedisConcurrencySlots | null;
  private sharedDown = false;
  private retrySharedAt = 0;

  constructor(
    @Inject(REDIS_CLIENT) redis: RedisClient | null,
    private readonly metrics: MetricsService,
  ) {
    this.shared = redis ? new RedisRollingWindow(redis) : null;
    this.sharedSlots = redis ? new RedisConcurrencySlots(redis) : null;
    if (redis) {
      redis.on('ready', () => this.sharedAnswers());
      registerRedisUpGauge(metrics.registry, () => redis.status === 'ready' && !this.sharedDown);
    }
  }

  hit(key: string, windowMs: number, limit: number): Promise<WindowCount> {
    return this.either(
      (shared) => shared.hit(key, windowMs, limit),
      () => this.local.hit(key, windowMs, limit),
    );
  }

  acquire(key: string, limit: number, leaseMs: number, lease: string): Promise<boolean> {
    return this.eitherSlots((slots) => slots.acquire(key, limit, leaseMs, lease));
  }

  renew(key: string, leaseMs: number, lease: string): Promise<void> {
    return this.eitherSlots((slots) => slots.renew(key, leaseMs, lease));
  }

  release(key: string, lease: string): Promise<void> {
    return this.eitherSlots((slots) => slots.release(key, lease));
  }

  private eitherSlots<T>(step: (slots: ConcurrencySlots) => Promise<T>): Promise<T> {
    return this.either(
      () => step(this.sharedSlots as ConcurrencySlots),
      () => step(this.localSlots),
    );
  }

  /** Redis when configured and answering, this process otherwise (see the class). */
  private async either<T>(
    shared: (window: RedisRollingWindow) => Promise<T>,
    local: () => Promise<T>,
  ): Promise<T> {
    if (this.shared && Date.now() >= this.retrySharedAt) {
      try {
        const answer = await shared(this.shared);
        this.sharedAnswers();
        return answer;
      } catch (error) {
        this.retrySharedAt = Date.now() + REDIS_RETRY_AFTER_MS;
        if (!this.sharedDown) {
          this.sharedDown = true;
          this.logger.warn(
            `Redis unreachable (${(error as Error).message}): counting rate limits in this process, alone, until it is back.`,
          );
        }
      }
    }
    if (this.shared) this.metrics.rateLimitStoreErrors.inc();
    return local();
  }

  private sharedAnswers(): void {
    this.retrySharedAt = 0;
    if (!this.sharedDown) return;
    this.sharedDown = false;
    this.logger.log('Redis answers again: rate limits are shared across replicas again.');
  }
}
