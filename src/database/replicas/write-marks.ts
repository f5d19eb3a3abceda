import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '../../redis/index.js';
import { REPLICA_SETTINGS, type ReplicaSettings } from './replica-settings.js';
import type { Writer } from './writers.js';

/** When a writer last wrote, and where the primary's WAL stood once it had (unknown: before the write). */
export interface WriteMark {
  at: number;
  position: bigint | undefined;
}

/** A mark that could not be read (Redis unreachable): the writer may have written. */
export const MARK_UNKNOWN = 'unknown';

/**
 * A mark also outlives the lag bound by this much: by then any replica still
 * in use holds the write, whatever the poll's timing.
 */
const MARGIN_SECONDS = 1;

/**
 * Who wrote recently. In Redis when REDIS_URL is set, so every replica of
 * the service sees a mark another one set (plain SET with PX and GET on one
 * key, which a single server, Sentinel or Cluster all take); in process
 * otherwise. A mark lives long enough to cover both the stickiness and the
 * lag bound (ReadRouter decides what it means).
 *
 * Redis down: a mark is kept in process (this replica still honours it) and
 * a mark that cannot be read counts as present, so reads go to the primary —
 * never a stale read, never a failed request. Logged once per outage.
 */
@Injectable()
export class WriteMarks {
  private readonly logger = new Logger('ReadReplicas');
  private readonly local = new Map<Writer, { mark: WriteMark; expires: number }>();
  private readonly ttlMs: number;
  private redisDown = false;

  constructor(
    @Inject(REPLICA_SETTINGS) settings: ReplicaSettings,
    @Optional() @Inject(REDIS_CLIENT) private readonly redis: Redis | null = null,
  ) {
    this.ttlMs = (Math.max(settings.stickySeconds, settings.maxLagSeconds) + MARGIN_SECONDS) * 1000;
  }

  async set(writer: Writer, mark: WriteMark): Promise<void> {
    this.remember(writer, mark);
    if (!this.redis) return;
    try {
      await this.redis.set(key(writer), encode(mark), 'PX', this.ttlMs);
      this.redisAnswered();
    } catch (error) {
      this.redisFailed(error);
    }
  }

  async get(writer: Writer): Promise<WriteMark | null | typeof MARK_UNKNOWN> {
    if (!this.redis) return this.recall(writer);
    try {
      const stored = await this.redis.get(key(writer));
      this.redisAnswered();
      return stored === null ? null : decode(stored);
    } catch (error) {
      this.redisFailed(error);
      return this.recall(writer) ?? MARK_UNKNOWN;
    }
  }

  private remember(writer: Writer, mark: WriteMark): void {
    const now = Date.now();
    if (this.local.size >= 10_000) {
      for (const [known, entry] of this.local) if (entry.expires <= now) this.local.delete(known);
    }
    this.local.set(writer, { mark, expires: now + this.ttlMs });
  }

  private recall(writer: Writer): WriteMark | null {
    const entry = this.local.get(writer);
    if (entry === undefined) return null;
    if (entry.expires > Date.now()) return entry.mark;
    this.local.delete(writer);
    return null;
  }

  private redisAnswered(): void {
    if (!this.redisDown) return;
    this.redisDown = false;
    this.logger.log('Redis answers again: write marks are shared across replicas again.');
  }

  private redisFailed(error: unknown): void {
    if (this.redisDown) return;
    this.redisDown = true;
    this.logger.warn(
      `Redis unreachable (${(error as Error).message}): write marks are kept in this process, and reads whose mark cannot be read go to the primary.`,
    );
  }
}

function key(writer: Writer): string {
  return `replica-written:${writer}`;
}

function encode(mark: WriteMark): string {
  return `${mark.at}:${mark.position ?? ''}`;
}

function decode(stored: string): WriteMark {
  const [at, position] = stored.split(':');
  return { at: Number(at), position: position ? BigInt(position) : undefined };
}
