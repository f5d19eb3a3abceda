import type { RedisClient } from './redis-client.js';

/**
 * Waits, at most `withinMs`, for the client's first connection, so that a starting replica
 * counts its first calls in Redis rather than in process while it connects (a Cluster first
 * learns its slots). A Redis that is down only costs start-up this wait: the replica then
 * serves, counting in process, and the client keeps connecting in the background.
 */
export function firstConnection(client: RedisClient, withinMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, withinMs);
    client.once('ready', done);
  });
}
