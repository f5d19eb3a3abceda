import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { counterKey, RATE_LIMIT_WINDOW_MS } from './rate-limit-counters.js';
import { RateLimitStore } from './rate-limit.store.js';

/** A counted call: whether it may proceed, and the numbers of the X-RateLimit-* headers. */
export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a place frees up in the rolling minute. */
  resetSeconds: number;
}

/**
 * Counts calls per rolling minute, one counter per tracker (rate-limit-counters.ts).
 * CallCounter counts every HTTP call here; an agent's tool call is an HTTP
 * call of its own, so it counts on the counter of the key or connection.
 */
@Injectable()
export class RequestRateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get limitPerMinute(): number {
    return this.config.rateLimitPerMinute;
  }

  /** Counts one call against any tracker's rolling minute, with its own limit. */
  async count(tracker: string, limit: number): Promise<RateLimitVerdict> {
    const counted = await this.store.hit(counterKey(tracker), RATE_LIMIT_WINDOW_MS, limit);
    return {
      allowed: counted.allowed,
      limit,
      remaining: Math.max(0, limit - counted.count),
      resetSeconds: Math.max(1, Math.ceil(counted.resetMs / 1000)),
    };
  }
}

/** The headers every counted response carries. */
export function rateLimitHeaders(verdict: RateLimitVerdict): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(verdict.limit),
    'X-RateLimit-Remaining': String(verdict.remaining),
    'X-RateLimit-Reset': String(verdict.resetSeconds),
  };
}
