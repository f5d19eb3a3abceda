import type { ActivityFilter } from './activity-filter.js';

/** The CSV's header: the stored fields of a row, who acted by id (names change; ids do not). */
export const EXPORT_HEADER = [
  'id',
  'occurred_at',
  'channel',
  'operation',
  'method',
  'path',
  'status',
  'error',
  'duration_ms',
  'request_id',
  'key_id',
  'user_id',
  'connection_id',
  'client_address',
  'user_agent',
  'mail_to',
  'mail_subject',
];

/**
 * `activity-2026-11-29.csv` (the day it was made), or with the filter's
 * days `activity-2026-11-01_2026-11-20.csv`; a search or another filter adds
 * `-filtered`, so that two exports of one day are told apart.
 */
export function exportFilename(filter: ActivityFilter, today: string): string {
  const days =
    filter.from !== undefined || filter.to !== undefined
      ? `${filter.from ?? 'start'}_${filter.to ?? today}`
      : today;
  const narrowed =
    filter.channel !== undefined ||
    filter.status !== undefined ||
    filter.keyId !== undefined ||
    filter.connectionId !== undefined ||
    filter.search !== undefined;
  return `activity-${days}${narrowed ? '-filtered' : ''}.csv`;
}
