import { randomUUID } from 'node:crypto';
import type { Result } from 'ioredis';
import type { RedisClient } from '../redis/index.js';
import type { RollingWindow, WindowCount } from './rolling-window.js';

/**
 * One atomic step of the shared rolling window: a sorted set of the accepted
 * requests' times. Redis's own clock is used, so that replicas whose clocks
 * disagree still count one window.
 */
const HIT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local reset = window
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return {count, allowed, reset}
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    rollingWindowHit(
      key: string,
      windowMs: number,
      limit: number,
      member: string,
    ): Result<[number, number, number], Context>;
  }
}

/** The rolling window in Redis, shared by every replica. */
export class RedisRollingWindow implements RollingWindow {
  constructor(private readonly redis: RedisClient) {
    redis.defineCommand('rollingWindowHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, windowMs: number, limit: number): Promise<WindowCount> {
    const [count, allowed, resetMs] = await this.redis.rollingWindowHit(
      key,
      windowMs,
      limit,
      randomUUID(),
    );
    return { count, allowed: allowed === 1, resetMs };
  }
}
