import { Injectable } from '@nestjs/common';
import { ReadRouter } from '../database/index.js';

/** Figures of an account's log for its pages; they may be read on a read replica. */
@Injectable()
export class LearningLogCounts {
  constructor(private readonly reads: ReadRouter) {}

  /** The account's API and agent calls in the last 24 hours (console actions are not calls). */
  async callsLastDay(accountId: number): Promise<number> {
    const [row] = await this.reads.query<{ calls: number }>(
      `SELECT count(*)::int AS calls FROM learning_log
        WHERE account_id = $1 AND occurred_at > now() - interval '24 hours'
          AND channel IN ('api', 'mcp')`,
      [accountId],
    );
    return row.calls;
  }
}
