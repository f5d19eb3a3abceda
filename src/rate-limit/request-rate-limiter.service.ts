import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { counterKey, keyTracker, RATE_LIMIT_WINDOW_MS } from './rate-limit-counters.js';
import { RateLimitedError } from './rate-limit.errors.js';
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
 * Counts calls per rolling minute. RateLimitGuard counts every HTTP call
 * here; the agent (MCP) server counts each tool call with consumeForKey,
 * against the very counter the key's API calls use.
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

  /** Counts one call of the key against RATE_LIMIT_PER_MINUTE; over it, throws 429 `rate_limited`. */
  async consumeForKey(keyId: number): Promise<RateLimitVerdict> {
    const verdict = await this.count(keyTracker(keyId), this.limitPerMinute);
    if (!verdict.allowed) throw new RateLimitedError(verdict.limit, verdict.resetSeconds);
    return verdict;
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
