import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlConditions } from '../../common/sql-conditions.js';
import type { ActorColumns } from '../views/who.js';
import type { ActivityFilter } from './activity-filter.js';

export interface ActivityRow extends ActorColumns {
  id: string;
  occurred_at: Date;
  channel: string;
  operation: string | null;
  method: string | null;
  path: string | null;
  status: number;
  duration_ms: number;
  request_id: string | null;
  user_agent: string | null;
  error: string | null;
  /** The revision the call made, when it changed an article of this account. */
  article_id: number | null;
  revision: number | null;
}

export interface ActivityPage {
  rows: ActivityRow[];
  /** Whether there are rows beyond this page in the direction it was read. */
  more: boolean;
}

const STATUS_RANGES = { '2xx': [200, 299], '4xx': [400, 499], '5xx': [500, 599] } as const;

export interface KeyChoice {
  id: number;
  name: string | null;
  prefix: string;
}

export interface AssistantChoice {
  id: number;
  assistant_name: string;
}

/**
 * The account's learning log for the activity page: newest first, read by
 * position (a row's time and id) rather than by offset, so that any page of a
 * large log is one index range; each row names who acted and links the
 * revision it made.
 */
@Injectable()
export class ActivityReads {
  constructor(private readonly dataSource: DataSource) {}

  async page(accountId: number, filter: ActivityFilter, size: number): Promise<ActivityPage> {
    const where = new SqlConditions().add((p) => `l.account_id = ${p}`, accountId);
    if (filter.channel) where.add((p) => `l.channel = ${p}`, filter.channel);
    if (filter.status) {
      const [low, high] = STATUS_RANGES[filter.status];
      where.add((p) => `l.status >= ${p}`, low).add((p) => `l.status <= ${p}`, high);
    }
    if (filter.keyId !== undefined) where.add((p) => `l.key_id = ${p}`, filter.keyId);
    if (filter.connectionId !== undefined) {
      where.add((p) => `l.connection_id = ${p}`, filter.connectionId);
    }
    where.dayRange('l.occurred_at', filter.from, filter.to);
    const newer = filter.after !== undefined;
    const cursor = filter.after ?? filter.before;
    if (cursor) {
      // The page goes on from the cursor row, at its own time; the plain time range lets the index do the work.
      where.add((p) => {
        const at = `(SELECT c.occurred_at FROM learning_log c WHERE c.id = ${p}::uuid)`;
        return `l.occurred_at ${newer ? '>=' : '<='} ${at}
            AND (l.occurred_at, l.id) ${newer ? '>' : '<'} (${at}, ${p}::uuid)`;
      }, cursor);
    }
    const direction = newer ? 'ASC' : 'DESC';
    const params = [...where.params, size + 1];
    const rows = await this.dataSource.query<ActivityRow[]>(
      `SELECT l.id, l.occurred_at, l.channel, l.operation, l.method, l.path, l.status, l.duration_ms,
              l.request_id, l.user_agent, l.error,
              k.name AS key_name, k.prefix AS key_prefix, u.name AS user_name, u.email AS user_email,
              oc.assistant_name, rev.article_id, rev.number AS revision
         FROM learning_log l
         LEFT JOIN api_keys k ON k.id = l.key_id AND k.account_id = l.account_id
         LEFT JOIN users u ON u.id = l.user_id AND u.account_id = l.account_id
         LEFT JOIN oauth_connections oc ON oc.id = l.connection_id AND oc.account_id = l.account_id
         LEFT JOIN LATERAL (
           SELECT r.article_id, r.number
             FROM article_revisions r
             JOIN articles a ON a.id = r.article_id
             JOIN sites s ON s.id = a.site_id AND s.account_id = l.account_id
            WHERE r.log_entry_id = l.id
            LIMIT 1
         ) rev ON true
        WHERE ${where.sql}
        ORDER BY l.occurred_at ${direction}, l.id ${direction}
        LIMIT $${params.length}`,
      params,
    );
    const more = rows.length > size;
    const page = rows.slice(0, size);
    return { rows: newer ? page.reverse() : page, more };
  }

  /** The account's assistants, for the filter's choices (disconnected ones too). */
  assistants(accountId: number): Promise<AssistantChoice[]> {
    return this.dataSource.query<AssistantChoice[]>(
      `SELECT id, assistant_name FROM oauth_connections WHERE account_id = $1 ORDER BY id DESC`,
      [accountId],
    );
  }

  /** The account's keys, for the filter's choices (revoked ones too: their calls are in the log). */
  keys(accountId: number): Promise<KeyChoice[]> {
    return this.dataSource.query<KeyChoice[]>(
      `SELECT id, name, prefix FROM api_keys WHERE account_id = $1 ORDER BY id DESC`,
      [accountId],
    );
  }
}
