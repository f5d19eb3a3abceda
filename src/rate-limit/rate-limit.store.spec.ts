import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MetricsService } from '../metrics/metrics.service.js';
import { RateLimitStore } from './rate-limit.store.js';

const MINUTE = 60_000;

/** Just enough of ioredis for RedisRollingWindow: a scripted command that can be made to fail. */
function fakeRedis() {
  const state = { up: true, calls: 0 };
  const client = {
    defineCommand: () => undefined,
    rollingWindowHit: () => {
      state.calls += 1;
      return state.up
        ? Promise.resolve([1, 1, MINUTE])
        : Promise.reject(new Error("Stream isn't writeable"));
    },
  };
  return { client: client as unknown as Redis, state };
}

function metrics(): MetricsService {
  return new MetricsService({ driver: {} } as never);
}

async function storeErrors(service: MetricsService): Promise<number> {
  const metric = await service.rateLimitStoreErrors.get();
  return metric.values[0]?.value ?? 0;
}

describe('RateLimitStore', () => {
  let warn: ReturnType<typeof jest.spyOn>;

  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('counts in process without Redis', async () => {
    const store = new RateLimitStore(null, metrics());
    expect((await store.hit('k', MINUTE, 1)).allowed).toBe(true);
    expect((await store.hit('k', MINUTE, 1)).allowed).toBe(false);
  });

  it('keeps answering while Redis is unreachable, counting in process and each miss in a metric', async () => {
    const { client, state } = fakeRedis();
    const service = metrics();
    const store = new RateLimitStore(client, service);
    state.up = false;
    expect(await store.hit('k', MINUTE, 2)).toMatchObject({ allowed: true, count: 1 });
    expect(await store.hit('k', MINUTE, 2)).toMatchObject({ allowed: true, count: 2 });
    expect(await store.hit('k', MINUTE, 2)).toMatchObject({ allowed: false });
    expect(await storeErrors(service)).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('goes back to Redis by itself once it answers', async () => {
    const { client, state } = fakeRedis();
    const store = new RateLimitStore(client, metrics());
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    state.up = false;
    await store.hit('k', MINUTE, 60);
    state.up = true;
    await store.hit('k', MINUTE, 60);
    expect(state.calls).toBe(1);
    now.mockReturnValue(1_002_000);
    expect(await store.hit('k', MINUTE, 60)).toEqual({ count: 1, allowed: true, resetMs: MINUTE });
    expect(state.calls).toBe(2);
  });
});
