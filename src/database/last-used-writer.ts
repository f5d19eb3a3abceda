import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { DataSource } from 'typeorm';

const FLUSH_EVERY_MS = 5_000;

/**
 * Keeps a "last used" time off the request path: uses are noted in memory
 * and written every few seconds and at shutdown; a batch that fails is kept
 * for the next flush. Each owner of a table with such a column extends it
 * with its own UPDATE (`write`).
 */
export abstract class LastUsedWriter implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(this.constructor.name);
  private pending = new Map<number, Date>();
  private timer?: NodeJS.Timeout;

  constructor(protected readonly dataSource: DataSource) {}

  /** Sets `last_used_at` of the rows `ids` to the later of theirs and `usedAt`. */
  protected abstract write(ids: number[], usedAt: Date[]): Promise<unknown>;

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  record(id: number): void {
    this.pending.set(id, new Date());
  }

  async flush(): Promise<void> {
    if (!this.dataSource.isInitialized) return;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return;
    try {
      await this.write([...batch.keys()], [...batch.values()]);
    } catch (error) {
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
      this.logger.warn(`Could not record uses, will retry: ${(error as Error).message}`);
    }
  }
}
