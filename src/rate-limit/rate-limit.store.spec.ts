import { EventEmitter } from 'node:events';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { MetricsService } from '../metrics/index.js';
import type { RedisClient } from '../redis/index.js';
import { RateLimitStore } from './rate-limit.store.js';

const MINUTE = 60_000;

/**
 * Just enough of ioredis for RedisRollingWindow: a scripted command that can be made to fail,
 * the connection's status, and its events.
 */
function fakeRedis() {
  const state = { up: true, calls: 0 };
  const client = Object.assign(new EventEmitter(), {
    status: 'ready',
    defineCommand: () => undefined,
    rollingWindowHit: () => {
      state.calls += 1;
      return state.up
        ? Promise.resolve([1, 1, MINUTE])
        : Promise.reject(new Error("Stream isn't writeable"));
    },
  });
  return { client: client as unknown as RedisClient, emitter: client, state };
}

function metrics(): MetricsService {
  return new MetricsService({ driver: {} } as never);
}

async function storeErrors(service: MetricsService): Promise<number> {
  const metric = await service.rateLimitStoreErrors.get();
  return metric.values[0]?.value ?? 0;
}

/** content_api_redis_up as scraped, or undefined when it is not exported. */
async function redisUp(service: MetricsService): Promise<number | undefined> {
  const metric = service.registry.getSingleMetric('content_api_redis_up');
  return metric ? (await metric.get()).values[0]?.value : undefined;
}

describe('RateLimitStore', () => {
  let warn: ReturnType<typeof jest.spyOn>;

  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('counts in process without Redis, and exports no Redis state', async () => {
    const service = metrics();
    const store = new RateLimitStore(null, service);
    expect((await store.hit('k', MINUTE, 1)).allowed).toBe(true);
    expect((await store.hit('k', MINUTE, 1)).allowed).toBe(false);
    expect(await redisUp(service)).toBeUndefined();
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
    expect(await redisUp(service)).toBe(0);
  });

  it('shows Redis down while its connection is, even with no call to count', async () => {
    const { client, emitter } = fakeRedis();
    const service = metrics();
    new RateLimitStore(client, service);
    expect(await redisUp(service)).toBe(1);
    emitter.status = 'reconnecting';
    expect(await redisUp(service)).toBe(0);
  });

  it('goes back to Redis as soon as the client reconnects, saying so once', async () => {
    const { client, emitter, state } = fakeRedis();
    const service = metrics();
    const store = new RateLimitStore(client, service);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    state.up = false;
    await store.hit('k', MINUTE, 60);
    await store.hit('k', MINUTE, 60);
    expect(warn).toHaveBeenCalledTimes(1);
    state.up = true;
    emitter.emit('ready');
    expect(log).toHaveBeenCalledTimes(1);
    expect(await redisUp(service)).toBe(1);
    expect(await store.hit('k', MINUTE, 60)).toEqual({ count: 1, allowed: true, resetMs: MINUTE });
    expect(state.calls).toBe(2);
    expect(log).toHaveBeenCalledTimes(1);
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
