import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { MetricsService } from '../metrics/index.js';
import type { CallRecord } from './call-record.js';
import { PROTOCOL_MESSAGE, STATUS_CLASS } from './protocol-messages.js';
import { uuidV7 } from './uuid-v7.js';

const FLUSH_EVERY_MS = 1_000;
const BATCH_SIZE = 500;
/** About 10 MB of rows; past it new rows are dropped and counted, rather than memory growing without end. */
const MAX_BUFFERED = 20_000;
const RETRY_BACKOFF_MAX_MS = 30_000;
/** Shutdown waits this long for the database to take the remaining rows. */
const SHUTDOWN_FLUSH_DEADLINE_MS = 10_000;

interface PendingRow extends CallRecord {
  id: string;
}

/**
 * Writes the learning log off the request path: calls are buffered in memory
 * and inserted in batches every second. While the database is away, batches
 * are kept and retried with backoff; the buffer is bounded, and rows beyond
 * the bound are dropped and counted. Shutdown writes what is left.
 */
@Injectable()
export class LearningLogWriter implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(LearningLogWriter.name);
  private buffer: PendingRow[] = [];
  private flushing: Promise<void> | null = null;
  private failures = 0;
  private nextAttemptAt = 0;
  private dropping = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      if (Date.now() >= this.nextAttemptAt) void this.flush();
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    const deadline = Date.now() + SHUTDOWN_FLUSH_DEADLINE_MS;
    await this.flush();
    while (this.buffer.length > 0 && Date.now() < deadline) {
      await sleep(Math.min(1_000, Math.max(0, deadline - Date.now())));
      await this.flush();
    }
    if (this.buffer.length > 0) {
      this.metrics.learningLogDropped.inc(this.buffer.length);
      this.logger.error(
        `${this.buffer.length} learning-log rows could not be written before shutdown.`,
      );
      this.buffer = [];
      this.metrics.learningLogBuffered.set(0);
    }
  }

  /** Queues a call; never blocks and never throws. */
  enqueue(call: CallRecord): void {
    if (this.buffer.length >= MAX_BUFFERED) {
      this.metrics.learningLogDropped.inc();
      if (!this.dropping) {
        this.dropping = true;
        this.logger.error(`Learning-log buffer full (${MAX_BUFFERED} rows): dropping new rows.`);
      }
      return;
    }
    this.buffer.push({ ...call, id: call.id ?? uuidV7(call.occurredAt.getTime()) });
    this.metrics.learningLogBuffered.set(this.buffer.length);
    if (this.buffer.length >= BATCH_SIZE && Date.now() >= this.nextAttemptAt) void this.flush();
  }

  /** Writes everything buffered; resolves when done or when the database refused a batch. */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0 && this.dataSource.isInitialized) {
      const batch = this.buffer.splice(0, BATCH_SIZE);
      try {
        await this.insert(batch);
      } catch (error) {
        this.buffer.unshift(...batch);
        this.failed(error as Error);
        return;
      } finally {
        this.metrics.learningLogBuffered.set(this.buffer.length);
      }
      if (this.failures > 0) {
        this.logger.log(`Learning log writable again after ${this.failures} failed attempts.`);
        this.failures = 0;
        this.nextAttemptAt = 0;
      }
      this.dropping = false;
    }
  }

  private failed(error: Error): void {
    this.metrics.learningLogWriteErrors.inc();
    if (this.failures === 0) {
      this.logger.warn(
        `Could not write the learning log, keeping ${this.buffer.length} rows and retrying: ${error.message}`,
      );
    }
    this.failures += 1;
    this.nextAttemptAt =
      Date.now() + Math.min(RETRY_BACKOFF_MAX_MS, 500 * 2 ** Math.min(this.failures, 10));
  }

  /**
   * One statement per batch; the ids make a batch retried after a lost acknowledgement harmless
   * (the key is (id, occurred_at): the log is partitioned by time, see LearningLogByMonth).
   * The same statement counts the rows it actually inserted into the daily counts of the
   * overview's chart (migration CallsByDay), so a retried batch counts nothing twice; the
   * counts are upserted in key order, so concurrent batches lock them in one order.
   */
  private async insert(rows: PendingRow[]): Promise<void> {
    await this.dataSource.query(
      `WITH inserted AS (
         INSERT INTO learning_log (id, occurred_at, account_id, key_id, channel, operation, method,
                                   path, status, duration_ms, request_id, client_address, user_agent, error,
                                   user_id, connection_id, mail_to, mail_subject)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[], $5::text[],
                              $6::text[], $7::text[], $8::text[], $9::int[], $10::int[], $11::text[],
                              $12::text[], $13::text[], $14::text[], $15::int[], $16::int[],
                              $17::text[], $18::text[])
         ON CONFLICT (id, occurred_at) DO NOTHING
         RETURNING account_id, occurred_at, channel, operation, status)
       INSERT INTO learning_log_daily (account_id, day, status_class, calls)
       SELECT account_id, (occurred_at AT TIME ZONE 'UTC')::date, ${STATUS_CLASS('status')}, count(*)::int
         FROM inserted
        WHERE account_id IS NOT NULL AND channel IN ('api', 'mcp')
          AND NOT ${PROTOCOL_MESSAGE('channel', 'operation')}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
       ON CONFLICT (account_id, day, status_class)
         DO UPDATE SET calls = learning_log_daily.calls + excluded.calls`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.occurredAt),
        rows.map((r) => r.accountId),
        rows.map((r) => r.keyId),
        rows.map((r) => r.channel),
        rows.map((r) => r.operation),
        rows.map((r) => r.method),
        rows.map((r) => r.path),
        rows.map((r) => r.status),
        rows.map((r) => r.durationMs),
        rows.map((r) => r.requestId),
        rows.map((r) => r.clientAddress),
        rows.map((r) => r.userAgent),
        rows.map((r) => r.error),
        rows.map((r) => r.userId ?? null),
        rows.map((r) => r.connectionId ?? null),
        rows.map((r) => r.mailTo ?? null),
        rows.map((r) => r.mailSubject ?? null),
      ],
    );
  }
}
