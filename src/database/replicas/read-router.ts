import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { isDatabaseUnavailable } from '../database-unavailable.js';
import { currentReadScope, type ReadScope } from './read-scope.js';
import type { Replica } from './replica.js';
import { ReplicaMetrics, type ReadReason } from './replica-metrics.js';
import { ReplicaSet } from './replica-set.js';
import { MARK_UNKNOWN, WriteMarks } from './write-marks.js';
import type { Writer } from './writers.js';

/** A standby cancelled the query to replay WAL it conflicted with; the primary has no such conflict. */
const RECOVERY_CONFLICT = '40001';
/** A statement that ran out of time on a replica would on the primary too: not run twice. */
const STATEMENT_TIMEOUT = '57014';

interface Choice {
  replica?: Replica;
  reason: ReadReason;
}

/**
 * Where a read that may lag runs: a read replica, or the primary.
 *
 * Only reads outside a transaction come here (transactions run on TypeORM's
 * primary pool), and only those whose callers chose to (PreparedStatements
 * and `query`): the API's and the console's reads of account data. Reads
 * another party depends on right after a write — keys, sessions, OAuth
 * records, users, rate limits — stay on the primary.
 *
 * A read goes to the primary when the request writes (not a GET or HEAD);
 * when its key, connection or user wrote within REPLICA_STICKY_SECONDS (the
 * mark set by `wrote`, shared through Redis); after that, until the mark
 * expires, to a replica only if that replica has replayed the write; and
 * when no replica is usable (ReplicaSet). A replica that fails the read is
 * skipped until it answers a poll again, and the read runs on the primary:
 * a replica costs no failed request.
 *
 * TypeORM's own `replication` option does not fit: it connects to every
 * replica when the data source starts (a replica down then stops the
 * service from starting), picks one at random whatever its lag or health,
 * and chooses by kind of query, not by who reads.
 */
@Injectable()
export class ReadRouter {
  private next = 0;

  constructor(
    private readonly set: ReplicaSet,
    private readonly marks: WriteMarks,
    private readonly metrics: ReplicaMetrics,
  ) {}

  /** Runs `work` on the pool chosen for this read (possibly twice: a replica, then the primary). */
  async run<T>(work: (pool: Pool) => Promise<T>): Promise<T> {
    const choice = await this.choose();
    if (!choice.replica) return this.onPrimary(work, choice.reason);
    try {
      const result = await work(choice.replica.pool);
      this.metrics.reads.inc({ target: choice.replica.name, reason: 'replica' });
      return result;
    } catch (error) {
      if (!replicaCannotServe(error)) throw error;
      choice.replica.failed(error);
      return this.onPrimary(work, 'replica_failed');
    }
  }

  /** A read of rows, unnamed (see PreparedStatements for the hot reads' named statements). */
  async query<T>(text: string, values: readonly unknown[] = []): Promise<T[]> {
    return this.run(async (pool) => (await pool.query(text, [...values])).rows as T[]);
  }

  /**
   * Notes that `writer` wrote (`committed`: after the commit, so the WAL
   * position now covers the write; otherwise before writing), for the rest of
   * this request and for its next reads on any replica of the service.
   * Resolves before the response is sent, so the next request finds the mark.
   * Never fails: a write that committed is not undone by a mark that could
   * not be set.
   */
  async wrote(writer: Writer | undefined, { committed }: { committed: boolean }): Promise<void> {
    const scope = currentReadScope();
    if (scope) scope.wrote = true;
    if (!this.set.configured || writer === undefined) return;
    const position = committed
      ? await this.set.primaryPosition().catch(() => undefined)
      : undefined;
    await this.marks.set(writer, { at: Date.now(), position });
  }

  private async onPrimary<T>(work: (pool: Pool) => Promise<T>, reason: ReadReason): Promise<T> {
    const result = await work(this.set.primaryPool());
    this.metrics.reads.inc({ target: 'primary', reason });
    return result;
  }

  private async choose(): Promise<Choice> {
    if (!this.set.configured) return { reason: 'no_replicas' };
    const scope = currentReadScope();
    if (scope?.wrote) return { reason: 'written' };
    const now = Date.now();
    let candidates = this.set.usable(now);
    if (candidates.length === 0) return { reason: 'replicas_unusable' };
    const writer = scope?.writer();
    if (scope && writer !== undefined) {
      const mark = await this.markOf(scope, writer);
      if (mark === MARK_UNKNOWN) return { reason: 'written' };
      if (mark) {
        if (now - mark.at < this.set.settings.stickySeconds * 1000) return { reason: 'written' };
        const position = mark.position;
        candidates =
          position === undefined
            ? []
            : candidates.filter((replica) => replica.hasReplayed(position));
        if (candidates.length === 0) return { reason: 'written' };
      }
    }
    this.next = (this.next + 1) % candidates.length;
    return { replica: candidates[this.next], reason: 'replica' };
  }

  private markOf(scope: ReadScope, writer: Writer) {
    scope.mark ??= this.marks.get(writer);
    return scope.mark;
  }
}

function replicaCannotServe(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === RECOVERY_CONFLICT) return true;
  return code !== STATEMENT_TIMEOUT && isDatabaseUnavailable(error);
}
