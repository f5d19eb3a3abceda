import { Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { firstConnection } from './first-connection.js';
import { createRedisClient, type RedisClient } from './redis-client.js';

/**
 * Injection token: the shared Redis connection (a RedisClient: one server, through Sentinel,
 * or a Cluster), or null when neither REDIS_URL nor REDIS_CLUSTER_NODES is set.
 */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/** How long start-up waits for the first connection before serving without it. */
const FIRST_CONNECTION_WAIT_MS = 3_000;

async function connect(config: AppConfig): Promise<RedisClient | null> {
  if (config.redis === undefined) return null;
  const logger = new Logger('Redis');
  const client = createRedisClient(config.redis, config.redisKeyPrefix);
  // Without a listener ioredis prints every failed reconnection; outages are reported by their users.
  client.on('error', (error: Error) => logger.debug(`Redis connection: ${error.message}`));
  await firstConnection(client, FIRST_CONNECTION_WAIT_MS);
  return client;
}

@Module({
  providers: [{ provide: REDIS_CLIENT, inject: [APP_CONFIG], useFactory: connect }],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: RedisClient | null) {}

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
