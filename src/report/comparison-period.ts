import { addDays, parseDay } from '../common/dates.js';
import type { DayRange } from '../stats/index.js';
import { ReportRangeError } from './report.errors.js';

export const COMPARISONS = ['previous_period', 'previous_year', 'none'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** The first day PostgreSQL's dates and ours share: there is no year 0. */
const FIRST_DAY = '0001-01-01';

/** Inclusive days in a range. */
export function daysIn(range: DayRange): number {
  return Math.round(((parseDay(range.to) ?? 0) - (parseDay(range.from) ?? 0)) / 86_400_000) + 1;
}

/**
 * The period a report compares with (report.md, "Query"):
 * - `previous_period`: as many days, ending the day before the period; a
 *   whole calendar month compares with the whole previous month, whatever
 *   their lengths (March with February).
 * - `previous_year`: the same dates a year earlier, 29 February as 28 February.
 * - `none`: no comparison.
 * A comparison that would reach before 0001-01-01 is `invalid_date_range`.
 */
export function comparisonPeriod(period: DayRange, kind: Comparison): DayRange | null {
  if (kind === 'none') return null;
  const compared =
    kind === 'previous_year'
      ? { from: yearEarlier(period.from), to: yearEarlier(period.to) }
      : previousPeriod(period);
  if (compared.from < FIRST_DAY) {
    throw new ReportRangeError(
      'There is no comparison period before 0001-01-01: use compare=none for this period.',
    );
  }
  return compared;
}

function previousPeriod(period: DayRange): DayRange {
  if (isWholeMonth(period)) {
    const to = addDays(period.from, -1);
    return { from: `${to.slice(0, 8)}01`, to };
  }
  const to = addDays(period.from, -1);
  return { from: addDays(to, 1 - daysIn(period)), to };
}

function isWholeMonth({ from, to }: DayRange): boolean {
  return (
    from.endsWith('-01') && from.slice(0, 7) === to.slice(0, 7) && addDays(to, 1).endsWith('-01')
  );
}

function yearEarlier(day: string): string {
  const year = String(Number(day.slice(0, 4)) - 1).padStart(4, '0');
  const shifted = `${year}${day.slice(4)}`;
  return parseDay(shifted) === undefined && day.endsWith('-02-29') ? `${year}-02-28` : shifted;
}
