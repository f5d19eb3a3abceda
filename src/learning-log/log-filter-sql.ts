import { SqlConditions } from '../common/sql-conditions.js';
import type { Channel } from './entities/learning-log-entry.entity.js';
import { PROTOCOL_MESSAGE } from './protocol-messages.js';

/** Which of an account's calls a page of the log shows; `before` and `after` are a row's id. */
export interface LogPageFilter {
  channel?: Channel;
  /** Inclusive status bounds (a status class). */
  status?: { low: number; high: number };
  keyId?: number;
  /** An assistant's connection (OAuth). */
  connectionId?: number;
  /** First and last UTC day, `YYYY-MM-DD`. */
  from?: string;
  to?: string;
  /** What a person knows of a call: rows matching any of its parts (each one index range). */
  match?: LogMatch;
  /** The agent server's protocol messages (`initialize`, `tools/list`…) are left out unless true. */
  protocol?: boolean;
  /** Rows older than this row (the "Older" page)… */
  before?: string;
  /** …or newer than this row (the "Newer" page). */
  after?: string;
}

/** A search of the log: a row matches when any one part does. */
export interface LogMatch {
  /** Compared whole with the request id and with the operation. */
  text?: string;
  /** Paths equal to one of these… */
  paths?: string[];
  /** …or beginning with one of these. */
  pathPrefixes?: string[];
  /** Rows by id (those that made an article's revisions). */
  ids?: string[];
}

/** The filter's conditions on `learning_log l`, its page position aside. */
export function filterConditions(accountId: number, filter: LogPageFilter): SqlConditions {
  const where = new SqlConditions().add((p) => `l.account_id = ${p}`, accountId);
  if (filter.channel) where.add((p) => `l.channel = ${p}`, filter.channel);
  if (filter.status) {
    const { low, high } = filter.status;
    where.add((p) => `l.status >= ${p}`, low).add((p) => `l.status <= ${p}`, high);
  }
  if (filter.keyId !== undefined) where.add((p) => `l.key_id = ${p}`, filter.keyId);
  if (filter.connectionId !== undefined) {
    where.add((p) => `l.connection_id = ${p}`, filter.connectionId);
  }
  where.dayRange('l.occurred_at', filter.from, filter.to);
  if (filter.match) addMatch(where, filter.match);
  if (!filter.protocol) where.addSql(`NOT ${PROTOCOL_MESSAGE('l.channel', 'l.operation')}`);
  return where;
}

/**
 * A search as one OR of plain comparisons, each of which an index of the
 * account's rows answers (migration ActivitySearch): request id, operation,
 * path (equal, or a prefix: `LIKE 'x%'` on text_pattern_ops), row ids.
 */
function addMatch(where: SqlConditions, match: LogMatch): void {
  const parts: string[] = [];
  if (match.text !== undefined) {
    const text = where.bind(match.text);
    parts.push(`l.request_id = ${text}`, `l.operation = ${text}`);
  }
  if (match.paths?.length) parts.push(`l.path = ANY(${where.bind(match.paths)}::text[])`);
  for (const prefix of match.pathPrefixes ?? []) {
    parts.push(`l.path LIKE ${where.bind(`${escapeLike(prefix)}%`)}`);
  }
  if (match.ids?.length) parts.push(`l.id = ANY(${where.bind(match.ids)}::uuid[])`);
  where.addSql(parts.length === 0 ? 'FALSE' : `(${parts.join(' OR ')})`);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
