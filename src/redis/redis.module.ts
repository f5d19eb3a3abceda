import { Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';

/** Injection token: the shared Redis connection, or null when REDIS_URL is not set. */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/** A Redis command that takes longer than this counts as Redis being unreachable. */
const COMMAND_TIMEOUT_MS = 500;
const RECONNECT_BACKOFF_MAX_MS = 2_000;

/**
 * Commands fail at once while the connection is down (no offline queue, no
 * per-command retries), so that a Redis outage never holds a request; the
 * client keeps reconnecting in the background on its own.
 */
function connect(config: AppConfig): Redis | null {
  if (config.redisUrl === undefined) return null;
  const logger = new Logger('Redis');
  const client = new Redis(config.redisUrl, {
    keyPrefix: config.redisKeyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, RECONNECT_BACKOFF_MAX_MS),
  });
  // Without a listener ioredis prints every failed reconnection; outages are reported by their users.
  client.on('error', (error: Error) => logger.debug(`Redis connection: ${error.message}`));
  return client;
}

@Module({
  providers: [{ provide: REDIS_CLIENT, inject: [APP_CONFIG], useFactory: connect }],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis | null) {}

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
