import { assertDateRange } from '../common/dto/date-range-query.dto.js';
import { addDays, isDay } from '../common/dates.js';
import { ConflictingParametersError, InvalidPeriodError } from './stats.errors.js';

/** Inclusive UTC calendar days, `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

export interface StatsRangeRequest {
  /** Unchecked: a repeated query parameter arrives as an array and is an invalid period. */
  period?: unknown;
  from?: string;
  to?: string;
}

/** A range, or one that starts at the site's earliest record: only the database knows that day. */
export type ResolvedRange =
  ({ kind: 'days' } & DayRange) | { kind: 'from-earliest-record'; to: string };

export const DEFAULT_PERIOD = 'this_month';

/**
 * The stats rules of decisions.md, "Stats periods" and "Dates and times",
 * as a pure function of the query and today's UTC day. Checked in this
 * order: period with from/to (`conflicting_parameters`), the period's value
 * (`invalid_period`), from after to (`invalid_date_range`). `from` and `to`
 * are already valid days (the query DTO refuses anything else).
 */
export function resolveStatsRange(request: StatsRangeRequest, today: string): ResolvedRange {
  const { period, from, to } = request;
  if (period !== undefined && (from !== undefined || to !== undefined)) {
    throw new ConflictingParametersError();
  }
  if (period !== undefined) return { kind: 'days', ...periodRange(period, today) };
  if (from === undefined) {
    return to === undefined
      ? { kind: 'days', ...periodRange(DEFAULT_PERIOD, today) }
      : { kind: 'from-earliest-record', to };
  }
  const end = to ?? today;
  assertDateRange(from, end);
  return { kind: 'days', from, to: end };
}

/**
 * Closes an open start: the site's earliest record day, or `to` itself when
 * the site has no record or none on or before `to` (an empty one-day range
 * rather than an error the caller did not cause).
 */
export function startAtEarliestRecord(to: string, earliestRecord: string | null): DayRange {
  return { from: earliestRecord !== null && earliestRecord < to ? earliestRecord : to, to };
}

function periodRange(period: unknown, today: string): DayRange {
  if (typeof period !== 'string') throw new InvalidPeriodError(period);
  const [year, month] = monthOf(today);
  switch (period) {
    case 'this_month':
      return { from: monthRange(year, month).from, to: today };
    case 'last_month':
      return month === 1 ? monthRange(year - 1, 12) : monthRange(year, month - 1);
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
  }
  if (/^\d{4}-\d{2}$/.test(period) && isDay(`${period}-01`)) {
    return monthRange(...monthOf(`${period}-01`));
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(period) && isDay(period)) return { from: period, to: period };
  throw new InvalidPeriodError(period);
}

function monthOf(day: string): [number, number] {
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
}

function monthRange(year: number, month: number): DayRange {
  const prefix = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  return { from: `${prefix}-01`, to: `${prefix}-${daysInMonth(year, month)}` };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
