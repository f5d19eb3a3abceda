import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

const FLUSH_EVERY_MS = 5_000;

/**
 * Keeps `api_keys.last_used_at` off the request path: uses are noted in
 * memory and written in one statement every few seconds and at shutdown.
 */
@Injectable()
export class KeyUsageRecorder implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(KeyUsageRecorder.name);
  private pending = new Map<number, Date>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  record(keyId: number): void {
    this.pending.set(keyId, new Date());
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0 || !this.dataSource.isInitialized) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.dataSource.query(
        `UPDATE api_keys k SET last_used_at = GREATEST(k.last_used_at, u.used_at)
           FROM unnest($1::int[], $2::timestamptz[]) AS u(id, used_at)
          WHERE k.id = u.id`,
        [[...batch.keys()], [...batch.values()]],
      );
    } catch (error) {
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
      this.logger.warn(`Could not record key use, will retry: ${(error as Error).message}`);
    }
  }
}
