import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlConditions } from '../common/sql-conditions.js';
import type { Channel } from './entities/learning-log-entry.entity.js';
import { filterConditions, type LogPageFilter } from './log-filter-sql.js';

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

export interface LearningLogListOptions {
  limit?: number;
  /** First UTC day, `YYYY-MM-DD`. */
  from?: string;
  /** Last UTC day, `YYYY-MM-DD`. */
  to?: string;
}

/** Every stored field of a row, as the call's detail page shows it. */
export interface LogEntry extends LogPageRow {
  client_address: string | null;
}

/** Calls of one UTC day with statuses of one class (`2xx`, `3xx`, `4xx`, `5xx`). */
export interface DailyStatusCount {
  day: string;
  status_class: string;
  calls: number;
}

/** A row of the log as a page of it shows it; who acted is given by id, for their owners to name. */
export interface LogPageRow {
  id: string;
  occurred_at: Date;
  channel: Channel;
  operation: string | null;
  method: string | null;
  path: string | null;
  status: number;
  duration_ms: number;
  request_id: string | null;
  user_agent: string | null;
  error: string | null;
  key_id: number | null;
  user_id: number | null;
  connection_id: number | null;
  /** Channel `email`: the message's recipient and subject. */
  mail_to: string | null;
  mail_subject: string | null;
}

export interface LogPage {
  rows: LogPageRow[];
  /** Whether there are rows beyond this page in the direction it was read. */
  more: boolean;
}

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 1_000;

@Injectable()
export class LearningLogReader {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The account's calls, newest first, within UTC days `from` to `to` (each
   * optional, inclusive): a range reads only its months' partitions. Times
   * keep milliseconds: calls a second apart stay in order.
   */
  async list(accountId: number, options: LearningLogListOptions = {}): Promise<LearningLogView[]> {
    const where = new SqlConditions()
      .add((p) => `account_id = ${p}`, accountId)
      .dayRange('occurred_at', options.from, options.to);
    const limit = where.bind(options.limit ?? DEFAULT_LIST_LIMIT);
    const rows = await this.dataSource.query<
      Array<Omit<LearningLogView, 'occurred_at'> & { occurred_at: Date }>
    >(
      `SELECT occurred_at, key_id, channel, operation, method, path, status, duration_ms, request_id, error
         FROM learning_log WHERE ${where.sql}
        ORDER BY occurred_at DESC, id DESC LIMIT ${limit}`,
      where.params,
    );
    return rows.map((row) => ({ ...row, occurred_at: row.occurred_at.toISOString() }));
  }

  /**
   * A page of the account's calls, newest first, read by position (a row's
   * time and id) rather than by offset, so that any page of a large log is
   * one index range, and a range of days reads only its months' partitions.
   */
  async page(accountId: number, filter: LogPageFilter, size: number): Promise<LogPage> {
    const where = filterConditions(accountId, filter);
    const newer = filter.after !== undefined;
    const cursor = filter.after ?? filter.before;
    if (cursor) {
      // The page goes on from the cursor row, at its own time; the plain time range lets the index do the work.
      // The row is looked up within the filter's days, so that only their months' partitions are read.
      where.add((p) => {
        const days = where.dayRangeSql('c.occurred_at', filter.from, filter.to);
        const at = `(SELECT c.occurred_at FROM learning_log c WHERE c.id = ${p}::uuid AND ${days})`;
        return `l.occurred_at ${newer ? '>=' : '<='} ${at}
            AND (l.occurred_at, l.id) ${newer ? '>' : '<'} (${at}, ${p}::uuid)`;
      }, cursor);
    }
    const direction = newer ? 'ASC' : 'DESC';
    const params = [...where.params, size + 1];
    const rows = await this.dataSource.query<LogPageRow[]>(
      `SELECT l.id, l.occurred_at, l.channel, l.operation, l.method, l.path, l.status, l.duration_ms,
              l.request_id, l.user_agent, l.error, l.key_id, l.user_id, l.connection_id,
              l.mail_to, l.mail_subject
         FROM learning_log l
        WHERE ${where.sql}
        ORDER BY l.occurred_at ${direction}, l.id ${direction}
        LIMIT $${params.length}`,
      params,
    );
    const more = rows.length > size;
    const page = rows.slice(0, size);
    return { rows: newer ? page.reverse() : page, more };
  }
}
