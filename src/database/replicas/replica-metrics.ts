import { Injectable } from '@nestjs/common';
import { Counter, Gauge, type Metric } from 'prom-client';
import { ReplicaSet } from './replica-set.js';

/** Why a read went where it went (the `reason` label). */
export type ReadReason =
  /** A replica served it. */
  | 'replica'
  /** No replica is configured. */
  | 'no_replicas'
  /** The reader wrote within REPLICA_STICKY_SECONDS, or no usable replica holds its write yet. */
  | 'written'
  /** Every replica is down, lagging past the bound, or not a standby. */
  | 'replicas_unusable'
  /** The replica chosen failed the read; the primary answered instead. */
  | 'replica_failed';

/**
 * The read replicas' metrics, registered by MetricsService in the app's
 * registry: reads by target and reason, and each replica's lag and use as
 * the last poll saw them.
 */
@Injectable()
export class ReplicaMetrics {
  readonly reads = new Counter({
    name: 'content_api_db_reads_total',
    help: 'Reads that may be served by a replica, by where they went (primary or a replica) and why.',
    labelNames: ['target', 'reason'] as const,
    registers: [],
  });

  private readonly lag: Gauge<'replica'>;
  private readonly serving: Gauge<'replica'>;

  constructor(set: ReplicaSet) {
    const { maxLagSeconds } = set.settings;
    this.lag = new Gauge({
      name: 'content_api_db_replica_lag_seconds',
      help: 'How far each replica may be behind the primary (absent while it is down or not a standby).',
      labelNames: ['replica'] as const,
      registers: [],
      collect() {
        this.reset();
        const now = Date.now();
        for (const replica of set.replicas) {
          const lag = replica.lagSeconds(now);
          if (Number.isFinite(lag)) this.set({ replica: replica.name }, lag);
        }
      },
    });
    this.serving = new Gauge({
      name: 'content_api_db_replica_serving',
      help: 'Whether each replica serves reads (1) or is skipped (0): down, not a standby, or lagging past REPLICA_MAX_LAG_SECONDS.',
      labelNames: ['replica'] as const,
      registers: [],
      collect() {
        const now = Date.now();
        for (const replica of set.replicas) {
          this.set({ replica: replica.name }, replica.lagSeconds(now) <= maxLagSeconds ? 1 : 0);
        }
      },
    });
  }

  all(): Metric[] {
    return [this.reads, this.lag, this.serving] as Metric[];
  }
}
