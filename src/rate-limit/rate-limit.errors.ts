import { ApiError } from '../common/errors/api-error.js';

export class RateLimitedError extends ApiError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      `At most ${limit} requests per minute are allowed; retry in ${retryAfterSeconds} s.`,
      { limit },
      {
        'Retry-After': String(retryAfterSeconds),
        'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(retryAfterSeconds),
      },
    );
  }
}

/** A key already runs as many whole-range exports as it may at once. */
export class ExportsBusyError extends ApiError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      `At most ${limit} CSV exports run at once per key; retry when one has finished.`,
      { limit },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}
