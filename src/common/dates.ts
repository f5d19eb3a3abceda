/**
 * Dates as the API speaks them: calendar days `YYYY-MM-DD` (UTC) in queries
 * and stats, RFC 3339 UTC timestamps with second precision in resources.
 */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** A calendar day as milliseconds at its UTC midnight, or undefined if not a real `YYYY-MM-DD` date. */
export function parseDay(value: string): number | undefined {
  const match = DAY_PATTERN.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0–99 as they are.
  date.setUTCFullYear(year, month - 1, day);
  const time = date.getTime();
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1 ? time : undefined;
}

export function isDay(value: string): boolean {
  return parseDay(value) !== undefined;
}

export function formatDay(time: number | Date): string {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return formatDay(parseDayOrThrow(day) + days * MS_PER_DAY);
}

export function todayUtc(now: Date = new Date()): string {
  return formatDay(now);
}

/** What formatTimestamp writes, for the OpenAPI document. */
export const UTC_SECONDS_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$';

/** `2026-11-03T09:30:00Z`: RFC 3339, UTC, whole seconds. */
export function formatTimestamp(value: Date | null): string | null {
  return value === null ? null : value.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The half-open instant range `[from 00:00Z, to+1 00:00Z)` covering inclusive days. */
export function dayRangeBounds(from?: string, to?: string): { start?: Date; end?: Date } {
  return {
    start: from === undefined ? undefined : new Date(parseDayOrThrow(from)),
    end: to === undefined ? undefined : new Date(parseDayOrThrow(to) + MS_PER_DAY),
  };
}

function parseDayOrThrow(day: string): number {
  const time = parseDay(day);
  if (time === undefined) throw new RangeError(`Not a calendar day: ${day}`);
  return time;
}
