import request from 'supertest';
import { seedAccount, type SeededAccount } from '../support/fixtures.js';
import { hasRedisServer, RedisProcess, startRedisCluster } from '../support/redis-servers.js';
import { startTwoReplicas, type TwoReplicas } from '../support/two-replicas.js';

if (!hasRedisServer)
  console.warn('Skipping the Redis Cluster tests: redis-server is not installed.');

const PASSWORD = 'cluster-secret';
const COUNTERS = 'content-api:rate:';

/**
 * A three-master Redis Cluster started by the test on loopback ports, with a password, and two
 * replicas of the service on it: REDIS_URL gives the password and one node, REDIS_CLUSTER_NODES
 * the two others.
 */
(hasRedisServer ? describe : describe.skip)('Request rate limit on a Redis Cluster', () => {
  let nodes: RedisProcess[] = [];
  let replicas: TwoReplicas;

  beforeAll(async () => {
    nodes = await startRedisCluster(3, PASSWORD);
    replicas = await startTwoReplicas({
      REDIS_URL: `redis://:${PASSWORD}@${nodes[0].address}`,
      REDIS_CLUSTER_NODES: nodes
        .slice(1)
        .map((node) => node.address)
        .join(','),
    });
  }, 120_000);

  afterAll(async () => {
    await replicas?.close();
    for (const node of nodes) await node.remove();
  });

  /** The master that serves a key, as the cluster itself says. */
  async function masterOf(key: string): Promise<RedisProcess> {
    const slot = Number(await nodes[0].command('CLUSTER', 'KEYSLOT', key));
    const ranges = (await nodes[0].command('CLUSTER', 'SLOTS')) as [
      number,
      number,
      [string, number],
    ][];
    const [, , [, port]] = ranges.find(([from, to]) => slot >= from && slot <= to)!;
    return nodes.find((node) => node.port === port)!;
  }

  async function keysOn(node: RedisProcess): Promise<string[]> {
    const client = node.client();
    try {
      return (await client.keys(`${COUNTERS}*`)).sort();
    } finally {
      client.disconnect();
    }
  }

  it('shares 60 calls a minute per key exactly between two replicas, with the keys spread over all three masters', async () => {
    // One key whose counter lives on each master.
    const owners = new Map<RedisProcess, SeededAccount>();
    while (owners.size < nodes.length) {
      const account = await seedAccount(replicas.first.db);
      const master = await masterOf(`${COUNTERS}{key:${account.keyId}}`);
      if (!owners.has(master)) owners.set(master, account);
    }

    for (const { key } of owners.values()) {
      for (let i = 1; i <= 60; i++) {
        const res = await request(replicas.http[i % 2])
          .get('/api/v1/sites')
          .set('X-API-Key', key);
        expect(res.status).toBe(200);
        expect(res.headers['x-ratelimit-remaining']).toBe(String(60 - i));
      }
      for (const http of replicas.http) {
        const refused = await request(http).get('/api/v1/sites').set('X-API-Key', key);
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ error: 'rate_limited', limit: 60 });
      }
    }

    for (const [master, { keyId }] of owners)
      expect(await keysOn(master)).toEqual([`${COUNTERS}{key:${keyId}}`]);
  });

  it('reports the cluster up in readiness and in /metrics', async () => {
    for (const http of replicas.http) {
      const ready = await request(http).get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.details.redis).toEqual({ status: 'up' });
      const metrics = await request(http).get('/metrics');
      expect(metrics.text).toMatch(/^content_api_redis_up 1$/m);
    }
  });
});
