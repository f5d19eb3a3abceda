import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';

const PRUNE_EVERY_MS = 60 * 60_000;
const FIRST_PRUNE_AFTER_MS = 60_000;
/** Rows per DELETE: each statement locks only these rows, briefly. */
const PRUNE_BATCH = 5_000;
const PAUSE_BETWEEN_BATCHES_MS = 100;
const MS_PER_DAY = 86_400_000;

/**
 * Deletes learning-log rows older than LOG_RETENTION_DAYS, hourly, in small
 * batches: no statement holds more than a few thousand row locks, and
 * replicas pruning at the same time skip each other's rows instead of waiting.
 */
@Injectable()
export class LearningLogPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LearningLogPruner.name);
  private timer?: NodeJS.Timeout;
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const run = (): void => {
      void this.pruneExpired()
        .catch((error: Error) =>
          this.logger.warn(`Pruning the learning log failed: ${error.message}`),
        )
        .finally(() => {
          if (!this.stopping) this.schedule(run, PRUNE_EVERY_MS);
        });
    };
    this.schedule(run, FIRST_PRUNE_AFTER_MS);
  }

  onApplicationShutdown(): void {
    this.stopping = true;
    clearTimeout(this.timer);
  }

  /** Deletes every row past the retention; returns how many. */
  async pruneExpired(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.logRetentionDays * MS_PER_DAY);
    let total = 0;
    for (;;) {
      const [, deleted] = await this.dataSource.query<[unknown, number]>(
        `DELETE FROM learning_log WHERE id IN (
           SELECT id FROM learning_log WHERE occurred_at < $1
            ORDER BY occurred_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        [cutoff, PRUNE_BATCH],
      );
      total += deleted;
      if (deleted < PRUNE_BATCH || this.stopping) break;
      await sleep(PAUSE_BETWEEN_BATCHES_MS);
    }
    if (total > 0)
      this.logger.log(`Pruned ${total} learning-log rows older than ${cutoff.toISOString()}.`);
    return total;
  }

  private schedule(run: () => void, delayMs: number): void {
    this.timer = setTimeout(run, delayMs);
    this.timer.unref();
  }
}
