import { Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type Metric,
} from 'prom-client';
import { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import { ReplicaMetrics } from '../database/index.js';
import { EventLoopDelayMetric } from './event-loop-delay.metric.js';

const PREFIX = 'content_api_';

/**
 * Every Prometheus metric of one app instance, in a registry of its own (not
 * prom-client's global one), so that several instances in one process (the
 * tests) do not collide.
 */
@Injectable()
export class MetricsService implements OnModuleDestroy {
  readonly registry = new Registry();

  /** How long requests wait for the event loop (perf_hooks); no request should hold it for long. */
  readonly eventLoopDelay = new EventLoopDelayMetric(
    `${PREFIX}event_loop_delay_seconds`,
    'How late the event loop ran, sampled every 10 ms: time every request waited on another.',
  );

  /** Calls by channel (`api`/`mcp`), operation id or tool name, and status. */
  readonly calls = new Counter({
    name: `${PREFIX}calls_total`,
    help: 'API and agent calls, by channel, operation and status.',
    labelNames: ['channel', 'operation', 'status'] as const,
    registers: [this.registry],
  });

  readonly callDuration = new Histogram({
    name: `${PREFIX}call_duration_seconds`,
    help: 'Time to answer a call, by channel, operation and status.',
    labelNames: ['channel', 'operation', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: `${PREFIX}rate_limited_total`,
    help: 'Calls refused with rate_limited (per-minute request limit).',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  readonly editLimited = new Counter({
    name: `${PREFIX}edit_limited_total`,
    help: 'Calls refused with edit_limit_exceeded (daily edit limit).',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  readonly rateLimitStoreErrors = new Counter({
    name: `${PREFIX}rate_limit_store_errors_total`,
    help: 'Rate-limit counts made in process, alone, because the configured Redis was unreachable.',
    registers: [this.registry],
  });

  readonly learningLogBuffered = new Gauge({
    name: `${PREFIX}learning_log_buffered`,
    help: 'Learning-log rows waiting in memory to be written.',
    registers: [this.registry],
  });

  readonly learningLogDropped = new Counter({
    name: `${PREFIX}learning_log_dropped_total`,
    help: 'Learning-log rows lost because the buffer was full or shutdown could not write them.',
    registers: [this.registry],
  });

  readonly htmlWorkerTasks = new Counter({
    name: `${PREFIX}html_worker_tasks_total`,
    help: 'Article bodies judged on a worker thread (too large for the event loop), by operation.',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  readonly learningLogWriteErrors = new Counter({
    name: `${PREFIX}learning_log_write_errors_total`,
    help: 'Failed learning-log batch writes (each is retried).',
    registers: [this.registry],
  });

  constructor(dataSource: DataSource, @Optional() replicas?: ReplicaMetrics) {
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    this.registry.registerMetric(this.eventLoopDelay as unknown as Metric);
    for (const metric of replicas?.all() ?? []) this.registry.registerMetric(metric);
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'PostgreSQL pool connections: total open, idle, and callers waiting for one.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const pool = (dataSource.driver as { master?: Pool }).master;
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  onModuleDestroy(): void {
    this.eventLoopDelay.stop();
  }
}
