import { Injectable, Logger } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { MetricsService } from '../metrics/index.js';
import { JOB_STATES, JobTableReader } from './job-table.reader.js';

const PREFIX = 'content_api_';

/**
 * The queue in /metrics: how many jobs each queue holds in each state, read
 * from the job table at each scrape (the same figures on every replica:
 * aggregate with `max`, not `sum`), and the attempts that failed on this
 * replica.
 */
@Injectable()
export class JobMetrics {
  private readonly logger = new Logger(JobMetrics.name);
  private readonly queues = new Set<string>();

  readonly failures: Counter<'queue'>;

  constructor(metrics: MetricsService, reader: JobTableReader) {
    const queues = this.queues;
    const logger = this.logger;
    new Gauge({
      name: `${PREFIX}jobs`,
      help: 'Jobs in the queue, by queue and state (the same on every replica).',
      labelNames: ['queue', 'state'] as const,
      registers: [metrics.registry],
      async collect() {
        // A scrape while the database is away keeps the last figures rather than failing /metrics.
        const counts = await reader.counts().catch((error: Error) => {
          logger.debug(`Could not count jobs: ${error.message}`);
          return undefined;
        });
        if (counts === undefined) return;
        this.reset();
        for (const queue of queues) for (const state of JOB_STATES) this.set({ queue, state }, 0);
        for (const { queue, state, jobs } of counts) this.set({ queue, state }, jobs);
      },
    });
    this.failures = new Counter({
      name: `${PREFIX}job_failures_total`,
      help: 'Job attempts that failed on this replica, by queue (each is retried up to its limit).',
      labelNames: ['queue'] as const,
      registers: [metrics.registry],
    });
  }

  /** Shows a queue at zero before its first job, so that rates and alerts have a series. */
  track(queue: string): void {
    this.queues.add(queue);
    this.failures.inc({ queue }, 0);
  }
}
