import type { Result } from 'ioredis';
import type { RedisClient } from '../redis/index.js';
import type { ConcurrencySlots } from './concurrency-slots.js';

/**
 * The slots of a key in Redis, shared by every replica: a sorted set of
 * leases scored by when they expire, on Redis's own clock. Taking a slot
 * drops the expired leases first, in the same atomic step.
 */
const ACQUIRE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local limit = tonumber(ARGV[1])
local lease_ms = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= limit then return 0 end
redis.call('ZADD', KEYS[1], now + lease_ms, ARGV[3])
redis.call('PEXPIRE', KEYS[1], lease_ms)
return 1
`;

const RENEW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease_ms = tonumber(ARGV[1])
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + lease_ms, ARGV[2]) == 1 then
  redis.call('PEXPIRE', KEYS[1], lease_ms)
end
return 1
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    slotAcquire(
      key: string,
      limit: number,
      leaseMs: number,
      lease: string,
    ): Result<number, Context>;
    slotRenew(key: string, leaseMs: number, lease: string): Result<number, Context>;
  }
}

export class RedisConcurrencySlots implements ConcurrencySlots {
  constructor(private readonly redis: RedisClient) {
    redis.defineCommand('slotAcquire', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
    redis.defineCommand('slotRenew', { numberOfKeys: 1, lua: RENEW_SCRIPT });
  }

  async acquire(key: string, limit: number, leaseMs: number, lease: string): Promise<boolean> {
    return (await this.redis.slotAcquire(key, limit, leaseMs, lease)) === 1;
  }

  async renew(key: string, leaseMs: number, lease: string): Promise<void> {
    await this.redis.slotRenew(key, leaseMs, lease);
  }

  async release(key: string, lease: string): Promise<void> {
    await this.redis.zrem(key, lease);
  }
}
