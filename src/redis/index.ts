export { REDIS_CLIENT, RedisModule } from './redis.module.js';
export type { RedisClient } from './redis-client.js';
