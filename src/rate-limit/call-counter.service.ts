import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Authenticator } from '../auth/index.js';
import { ApiError } from '../common/errors/api-error.js';
import { addressTracker, credentialTracker } from './rate-limit-counters.js';
import type { RateLimitBucketOptions } from '../common/request/rate-limit-bucket.decorator.js';
import { RateLimitedError } from './rate-limit.errors.js';
import { rateLimitHeaders, RequestRateLimiter } from './request-rate-limiter.service.js';

/**
 * Counting one call against the per-minute limit, the same wherever it is
 * done: by CallAdmission for calls to /api and /mcp (before routing), by
 * RateLimitGuard for every other route.
 */
@Injectable()
export class CallCounter {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly limiter: RequestRateLimiter,
  ) {}

  /**
   * Leaves what the presented credential says on `req.auth` (the one cached
   * lookup ApiKeyGuard reuses), so that a call is counted against a key or
   * connection even when it is revoked or expired; the refusal itself is
   * ApiKeyGuard's to report.
   */
  async identify(req: Request): Promise<void> {
    try {
      await this.authenticator.authenticateRequest(req);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }

  /**
   * Counts the call against its credential or, without a recognised one, its
   * client address. A route's bucket gives a credential's calls to it a
   * counter of their own with a multiple of the limit. Over the limit: 429
   * `rate_limited`; otherwise the response carries the X-RateLimit-* headers,
   * errors included.
   */
  async count(req: Request, res: Response, bucket?: RateLimitBucketOptions): Promise<void> {
    const credential = credentialTracker(req.auth);
    let tracker = credential ?? addressTracker(req.ip);
    let limit = this.limiter.limitPerMinute;
    if (bucket && credential !== null) {
      tracker = `${bucket.name}:${tracker}`;
      limit *= bucket.factor;
    }
    const verdict = await this.limiter.count(tracker, limit);
    if (!verdict.allowed) throw new RateLimitedError(verdict.limit, verdict.resetSeconds);
    res.set(rateLimitHeaders(verdict));
  }
}
