import { parseDay } from '../../common/dates.js';

export const ACTIVITY_CHANNELS = ['api', 'mcp', 'console', 'email'] as const;
export const STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;

/** A position in the log: the id of the row a page ends at (its time is read from the row). */
export type LogCursor = string;

export interface ActivityFilter {
  channel?: (typeof ACTIVITY_CHANNELS)[number];
  status?: (typeof STATUS_CLASSES)[number];
  keyId?: number;
  /** An assistant's connection (OAuth). */
  connectionId?: number;
  from?: string;
  to?: string;
  /** What the person knows of a call: a request id, a path, an operation or an article id. */
  search?: string;
  /** The agent server's protocol messages are shown too. */
  protocol?: boolean;
  /** Rows older than this (the "Older" page)… */
  before?: LogCursor;
  /** …or newer than this (the "Newer" page). */
  after?: LogCursor;
}

export interface ParsedActivityQuery {
  filter: ActivityFilter;
  /** What could not be used, in words; the rest of the filter still applies. */
  problems: string[];
}

/** Longer than any request id, path or operation the log keeps worth searching for. */
export const MAX_SEARCH_LENGTH = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The activity log's query string, read leniently: a bad value is named and left out. */
export function parseActivityQuery(query: Record<string, unknown>): ParsedActivityQuery {
  const filter: ActivityFilter = {};
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const channel = text('channel');
  if (channel !== undefined) {
    if ((ACTIVITY_CHANNELS as readonly string[]).includes(channel)) {
      filter.channel = channel as ActivityFilter['channel'];
    } else problems.push(`Unknown channel “${channel}”.`);
  }
  const status = text('status');
  if (status !== undefined) {
    if ((STATUS_CLASSES as readonly string[]).includes(status)) {
      filter.status = status as ActivityFilter['status'];
    } else problems.push(`Unknown status class “${status}”.`);
  }
  const key = text('key');
  if (key !== undefined) {
    if (isRowId(key)) filter.keyId = Number(key);
    else problems.push('Unknown key.');
  }
  const assistant = text('assistant');
  if (assistant !== undefined) {
    if (isRowId(assistant)) filter.connectionId = Number(assistant);
    else problems.push('Unknown assistant.');
  }
  for (const end of ['from', 'to'] as const) {
    const day = text(end);
    if (day === undefined) continue;
    if (parseDay(day) === undefined) problems.push(`“${day}” is not a date (YYYY-MM-DD).`);
    else filter[end] = day;
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
    problems.push('The “from” date is after the “to” date.');
    delete filter.from;
    delete filter.to;
  }
  const search = text('q');
  if (search !== undefined) {
    if (search.length > MAX_SEARCH_LENGTH) {
      problems.push(`The search is longer than ${MAX_SEARCH_LENGTH} characters.`);
    } else if (/\p{Cc}/u.test(search)) problems.push('The search holds control characters.');
    else filter.search = search;
  }
  if (text('protocol') !== undefined) filter.protocol = true;
  for (const side of ['before', 'after'] as const) {
    const cursor = text(side);
    if (cursor !== undefined) {
      const parsed = parseCursor(cursor);
      if (parsed) filter[side] = parsed;
    }
  }
  if (filter.before && filter.after) delete filter.after;
  return { filter, problems };
}

function isRowId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
}

function parseCursor(value: string): LogCursor | undefined {
  return UUID.test(value) ? value : undefined;
}

/** The filter as a query string, for links that keep it (pages, the form's values). */
export function filterQuery(
  filter: ActivityFilter,
  cursor?: { before?: LogCursor; after?: LogCursor },
): string {
  const params = new URLSearchParams();
  if (filter.channel) params.set('channel', filter.channel);
  if (filter.status) params.set('status', filter.status);
  if (filter.keyId !== undefined) params.set('key', String(filter.keyId));
  if (filter.connectionId !== undefined) params.set('assistant', String(filter.connectionId));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.search) params.set('q', filter.search);
  if (filter.protocol) params.set('protocol', '1');
  if (cursor?.before) params.set('before', cursor.before);
  if (cursor?.after) params.set('after', cursor.after);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** Whether the filter narrows the log at all (protocol messages aside). */
export function isFiltered(filter: ActivityFilter): boolean {
  return (
    filter.channel !== undefined ||
    filter.status !== undefined ||
    filter.keyId !== undefined ||
    filter.connectionId !== undefined ||
    filter.from !== undefined ||
    filter.to !== undefined ||
    filter.search !== undefined
  );
}

/** The filter without its page position: what the total and the export cover. */
export function wholeFilter(filter: ActivityFilter): ActivityFilter {
  const whole = { ...filter };
  delete whole.before;
  delete whole.after;
  return whole;
}
