import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Channel } from './entities/learning-log-entry.entity.js';

/** A learning-log row as `log list` prints it (operations.md). */
export interface LearningLogView {
  occurred_at: string;
  key_id: number | null;
  channel: Channel;
  operation: string | null;
  method: string | null;
  path: string | null;
  status: number;
  duration_ms: number;
  request_id: string | null;
  error: string | null;
}

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 1_000;

@Injectable()
export class LearningLogReader {
  constructor(private readonly dataSource: DataSource) {}

  /** The account's calls, newest first. Times keep milliseconds: calls a second apart stay in order. */
  async list(accountId: number, limit: number = DEFAULT_LIST_LIMIT): Promise<LearningLogView[]> {
    const rows = await this.dataSource.query<
      Array<Omit<LearningLogView, 'occurred_at'> & { occurred_at: Date }>
    >(
      `SELECT occurred_at, key_id, channel, operation, method, path, status, duration_ms, request_id, error
         FROM learning_log WHERE account_id = $1
        ORDER BY occurred_at DESC, id DESC LIMIT $2`,
      [accountId, limit],
    );
    return rows.map((row) => ({ ...row, occurred_at: row.occurred_at.toISOString() }));
  }
}
