import type { AppConfig } from '../config/app-config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { keyTracker } from './rate-limit-counters.js';
import { RateLimitedError } from './rate-limit.errors.js';
import { RateLimitStore } from './rate-limit.store.js';
import { RequestRateLimiter } from './request-rate-limiter.service.js';

describe('RequestRateLimiter', () => {
  function limiter(rateLimitPerMinute: number) {
    const store = new RateLimitStore(null, new MetricsService({ driver: {} } as never));
    return new RequestRateLimiter(store, { rateLimitPerMinute } as AppConfig);
  }

  it('counts an agent tool call against the same counter as the key’s API calls', async () => {
    const limits = limiter(2);
    expect(await limits.count(keyTracker(7), 2)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await limits.consumeForKey(7)).toMatchObject({ allowed: true, limit: 2, remaining: 0 });
    const refused = await limits.consumeForKey(7).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', extras: { limit: 2 } });
    expect((refused as RateLimitedError).headers['Retry-After']).toBe('60');
    expect(await limits.consumeForKey(8)).toMatchObject({ allowed: true, remaining: 1 });
  });
});
