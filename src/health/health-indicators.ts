import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { RedisClient } from '../redis/index.js';
import { DataSource } from 'typeorm';
import { ReplicaSet } from '../database/index.js';
import { REDIS_CLIENT } from '../redis/index.js';

const CHECK_TIMEOUT_MS = 2_000;

@Injectable()
export class HealthIndicators {
  constructor(
    private readonly indicator: HealthIndicatorService,
    private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redisClient: RedisClient | null,
    private readonly replicaSet: ReplicaSet,
  ) {}

  get hasReplicas(): boolean {
    return this.replicaSet.configured;
  }

  get hasRedis(): boolean {
    return this.redisClient !== null;
  }

  /** Down when PostgreSQL does not answer: the replica cannot serve, so it is taken out of rotation. */
  database() {
    return this.indicator
      .check('database')
      .attempt(async () => {
        await this.dataSource.query('SELECT 1');
      })
      .withTimeout(CHECK_TIMEOUT_MS);
  }

  /**
   * Degraded, never down, when a read replica is skipped (down, lagging, not
   * a standby): the primary takes its reads, so the replica still serves.
   */
  replicas() {
    const session = this.indicator.check('replicas');
    const usable = new Set(this.replicaSet.usable());
    const skipped = this.replicaSet.replicas.filter((replica) => !usable.has(replica));
    if (skipped.length === 0) return session.up();
    return session.degraded({ skipped: skipped.map((replica) => replica.name) });
  }

  /**
   * Degraded, not down, when Redis does not answer: the replica still serves,
   * counting rate limits in process, so taking it out of rotation would turn
   * a Redis outage into a full one.
   */
  async redis() {
    const session = this.indicator.check('redis');
    try {
      await this.redisClient?.ping();
      return session.up();
    } catch (error) {
      return session.degraded({ message: (error as Error).message });
    }
  }
}
