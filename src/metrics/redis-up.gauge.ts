import { Gauge, type Registry } from 'prom-client';

/**
 * `content_api_redis_up`, registered only when Redis is configured: 1 while this replica counts
 * its rate limits in Redis, shared with every replica; 0 while Redis is unreachable and it
 * counts them in process, alone. Read at each scrape, so an idle replica reports it too.
 */
export function registerRedisUpGauge(registry: Registry, up: () => boolean): void {
  new Gauge({
    name: 'content_api_redis_up',
    help: 'Whether Redis answers this replica (1) or it counts rate limits in process, alone (0).',
    registers: [registry],
    collect() {
      this.set(up() ? 1 : 0);
    },
  });
}
