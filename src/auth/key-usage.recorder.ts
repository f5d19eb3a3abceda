import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

const FLUSH_EVERY_MS = 5_000;

/**
 * Keeps `api_keys.last_used_at` and `oauth_connections.last_used_at` off the
 * request path: uses are noted in memory and written every few seconds and
 * at shutdown.
 */
@Injectable()
export class KeyUsageRecorder implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(KeyUsageRecorder.name);
  private pending = new Map<number, Date>();
  private pendingConnections = new Map<number, Date>();
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

  recordConnection(connectionId: number): void {
    this.pendingConnections.set(connectionId, new Date());
  }

  async flush(): Promise<void> {
    if (!this.dataSource.isInitialized) return;
    const keys = this.pending;
    this.pending = new Map();
    const connections = this.pendingConnections;
    this.pendingConnections = new Map();
    await this.write('api_keys', keys, this.pending);
    await this.write('oauth_connections', connections, this.pendingConnections);
  }

  private async write(
    table: 'api_keys' | 'oauth_connections',
    batch: Map<number, Date>,
    retry: Map<number, Date>,
  ): Promise<void> {
    if (batch.size === 0) return;
    try {
      await this.dataSource.query(
        `UPDATE ${table} k SET last_used_at = GREATEST(k.last_used_at, u.used_at)
           FROM unnest($1::int[], $2::timestamptz[]) AS u(id, used_at)
          WHERE k.id = u.id`,
        [[...batch.keys()], [...batch.values()]],
      );
    } catch (error) {
      for (const [id, at] of batch) if (!retry.has(id)) retry.set(id, at);
      this.logger.warn(`Could not record use (${table}), will retry: ${(error as Error).message}`);
    }
  }
}
