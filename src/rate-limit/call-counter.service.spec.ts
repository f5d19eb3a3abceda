import type { Request, Response } from 'express';
import type { AuthAttempt, Authenticator } from '../auth/index.js';
import type { AppConfig } from '../config/app-config.js';
import { MetricsService } from '../metrics/index.js';
import { CallCounter } from './call-counter.service.js';
import { RateLimitedError } from './rate-limit.errors.js';
import { RateLimitStore } from './rate-limit.store.js';
import { RequestRateLimiter } from './request-rate-limiter.service.js';

describe('CallCounter', () => {
  function counter(rateLimitPerMinute: number) {
    const store = new RateLimitStore(null, new MetricsService({ driver: {} } as never));
    const limiter = new RequestRateLimiter(store, { rateLimitPerMinute } as AppConfig);
    return new CallCounter({} as Authenticator, limiter);
  }

  function call(auth: Partial<AuthAttempt> | undefined, ip = '203.0.113.9') {
    const headers: Record<string, string> = {};
    const req = {
      ip,
      auth: auth && { keyId: null, connectionId: null, accountId: 1, principal: null, ...auth },
    } as Request;
    const res = {
      set: (h: Record<string, string>) => Object.assign(headers, h),
    } as unknown as Response;
    return { req, res, headers };
  }

  async function refusal(promise: Promise<void>): Promise<unknown> {
    return promise.then(
      () => 'allowed',
      (error: unknown) => error,
    );
  }

  it('counts each key, connection and address on a counter of its own, and sets the headers', async () => {
    const calls = counter(2);
    const key = call({ keyId: 7 });
    await calls.count(key.req, key.res);
    expect(key.headers).toMatchObject({ 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '1' });
    const connection = call({ connectionId: 7 });
    await calls.count(connection.req, connection.res);
    expect(connection.headers['X-RateLimit-Remaining']).toBe('1');
    const anonymous = call(undefined);
    await calls.count(anonymous.req, anonymous.res);
    expect(anonymous.headers['X-RateLimit-Remaining']).toBe('1');
  });

  it('refuses the call over the limit with 429 rate_limited and Retry-After', async () => {
    const calls = counter(1);
    const first = call({ keyId: 3 });
    await calls.count(first.req, first.res);
    const second = call({ keyId: 3 });
    const refused = await refusal(calls.count(second.req, second.res));
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', extras: { limit: 1 } });
    expect((refused as RateLimitedError).headers['Retry-After']).toBe('60');
    expect(second.headers).toEqual({});
  });

  it('gives a bucket its own counter and a multiple of the limit, for credentials only', async () => {
    const calls = counter(1);
    const bucket = { name: 'mcp-protocol', factor: 3 };
    const plain = call({ keyId: 5 });
    await calls.count(plain.req, plain.res);
    const bucketed = call({ keyId: 5 });
    await calls.count(bucketed.req, bucketed.res, bucket);
    expect(bucketed.headers).toMatchObject({
      'X-RateLimit-Limit': '3',
      'X-RateLimit-Remaining': '2',
    });
    const anonymous = call(undefined, '198.51.100.4');
    await calls.count(anonymous.req, anonymous.res, bucket);
    expect(anonymous.headers['X-RateLimit-Limit']).toBe('1');
  });
});
