import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { RedisAddress, RedisTopology } from '../config/redis-topology.js';

/**
 * The shared Redis connection, whatever the topology. Both kinds take the same single-key
 * commands (GET, SET … PX, scripts declared with one key); a command naming several keys must
 * keep them in one hash slot (one `{…}` tag) to work on a Cluster.
 */
export type RedisClient = Redis | Cluster;

/** A Redis command that takes longer than this counts as Redis being unreachable. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2_000;
const RECONNECT_BACKOFF_MAX_MS = 2_000;

/** Reconnects for as long as it takes, backing off to one attempt every 2 s. */
const reconnectBackoff = (attempt: number) => Math.min(attempt * 200, RECONNECT_BACKOFF_MAX_MS);

/**
 * Every connection to a data node: a command that gets no answer within 500 ms fails, and is
 * never retried on another connection (maxRetriesPerRequest 0), so a dead or hung Redis holds
 * no request. After a failover the old master may answer as a replica; its READONLY refusal
 * makes the client reconnect, which finds the new master (through the sentinels, or DNS).
 */
const dataNode = {
  connectTimeout: CONNECT_TIMEOUT_MS,
  commandTimeout: COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 0,
  reconnectOnError: (error: Error) => error.message.startsWith('READONLY'),
} satisfies RedisOptions;

/** What to construct for a topology: a Redis (one server, or through Sentinel) or a Cluster. */
export type ClientRecipe =
  | { kind: 'redis'; url?: string; options: RedisOptions }
  | { kind: 'cluster'; nodes: RedisAddress[]; options: ClusterOptions };

/**
 * A client that fails fast while Redis is away, and reconnects in the background on its own.
 * Without an offline queue a command sent while the connection is down fails at once instead
 * of waiting for it. A Cluster's nodes keep ioredis's short per-node queue (it holds commands
 * only while a node's connection opens; the command timeout still bounds them), the cluster as
 * a whole has none, follows at most 3 redirections and does not wait out CLUSTERDOWN.
 */
export function clientRecipe(topology: RedisTopology, keyPrefix: string): ClientRecipe {
  const standalone = {
    ...dataNode,
    keyPrefix,
    enableOfflineQueue: false,
    retryStrategy: reconnectBackoff,
  } satisfies RedisOptions;
  switch (topology.kind) {
    case 'server':
      return { kind: 'redis', url: topology.url, options: standalone };
    case 'sentinel':
      return {
        kind: 'redis',
        options: {
          ...standalone,
          ...topology.data,
          sentinels: topology.sentinels,
          name: topology.masterName,
          db: topology.db,
          sentinelUsername: topology.sentinel.username,
          sentinelPassword: topology.sentinel.password,
          sentinelRetryStrategy: reconnectBackoff,
          ...(topology.tls && { tls: {}, enableTLSForSentinelMode: true, sentinelTLS: {} }),
        },
      };
    case 'cluster':
      return {
        kind: 'cluster',
        nodes: topology.nodes,
        options: {
          keyPrefix,
          enableOfflineQueue: false,
          clusterRetryStrategy: reconnectBackoff,
          maxRedirections: 3,
          retryDelayOnClusterDown: 0,
          redisOptions: {
            ...dataNode,
            ...topology.credentials,
            ...(topology.tls && { tls: {} }),
          },
        },
      };
  }
}

/** The client of a topology, made from its recipe; it connects at once. */
export function createRedisClient(topology: RedisTopology, keyPrefix: string): RedisClient {
  const recipe = clientRecipe(topology, keyPrefix);
  if (recipe.kind === 'cluster') return new Cluster(recipe.nodes, recipe.options);
  return recipe.url === undefined
    ? new Redis(recipe.options)
    : new Redis(recipe.url, recipe.options);
}
