import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReadRouter, RowStreams, type RowStream } from '../database/index.js';
import type { DailyStatusCount, LogEntry } from './learning-log.reader.js';
import { filterConditions, type LogPageFilter } from './log-filter-sql.js';

/** The columns of an export, in their order (the CSV's header); times in UTC with milliseconds. */
const EXPORT_COLUMNS = `l.id, to_char(l.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at,
  l.channel, l.operation, l.method, l.path, l.status, l.error, l.duration_ms, l.request_id,
  l.key_id, l.user_id, l.connection_id, l.client_address, l.user_agent, l.mail_to, l.mail_subject`;

/**
 * What the console reads of an account's log besides its pages: the total
 * of a filter, the export, one row whole, the daily counts of the overview's
 * chart. Figures and exports may be read on a read replica.
 */
@Injectable()
export class LearningLogSearch {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: ReadRouter,
    private readonly streams: RowStreams,
  ) {}

  /** How many rows match the filter (its page position aside). */
  async count(accountId: number, filter: LogPageFilter): Promise<number> {
    const where = filterConditions(accountId, filter);
    const [row] = await this.reads.query<{ rows: string }>(
      `SELECT count(*) AS rows FROM learning_log l WHERE ${where.sql}`,
      where.params,
    );
    return Number(row.rows);
  }

  /** Every row that matches the filter, newest first, streamed (the CSV export). */
  export(accountId: number, filter: LogPageFilter): Promise<RowStream> {
    const where = filterConditions(accountId, filter);
    return this.streams.open(
      `SELECT ${EXPORT_COLUMNS} FROM learning_log l WHERE ${where.sql}
        ORDER BY l.occurred_at DESC, l.id DESC`,
      where.params,
    );
  }

  /** One row of the account's log, every field, or null when the account has no such row. */
  async entry(accountId: number, id: string): Promise<LogEntry | null> {
    const [row] = await this.dataSource.query<LogEntry[]>(
      `SELECT id, occurred_at, channel, operation, method, path, status, duration_ms, request_id,
              user_agent, error, key_id, user_id, connection_id, client_address, mail_to, mail_subject
         FROM learning_log WHERE id = $1::uuid AND account_id = $2`,
      [id, accountId],
    );
    return row ?? null;
  }

  /**
   * The account's calls (API and agent, not console actions nor the agent
   * server's upkeep) per UTC day from `from` on, by status class, from the
   * daily counts the writer keeps (migration CallsByDay): a few rows a day,
   * however many calls.
   */
  async dailyByStatus(accountId: number, from: string): Promise<DailyStatusCount[]> {
    return this.reads.query<DailyStatusCount>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, status_class, calls
         FROM learning_log_daily
        WHERE account_id = $1 AND day >= $2::date
        ORDER BY day, status_class`,
      [accountId, from],
    );
  }
}
