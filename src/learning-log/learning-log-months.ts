/**
 * The months of the learning log's partitions (UTC), their table names and
 * bounds, and which of them retention drops. Pure: the SQL is in
 * learning-log-partitions.ts.
 */

/** A calendar month in UTC; `month` is 1 to 12. */
export interface LogMonth {
  year: number;
  month: number;
}

/** The months after the current one that always have a partition. */
export const MONTHS_AHEAD = 3;

const MS_PER_DAY = 86_400_000;
/** The years PostgreSQL's timestamptz holds (4713 BC is left to the DEFAULT partition). */
const YEARS = { min: 1, max: 294_276 };
const NAME = /^learning_log_y(\d{4,6})m(\d{2})$/;

export function monthOf(date: Date): LogMonth {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

export function addMonths({ year, month }: LogMonth, count: number): LogMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Whether PostgreSQL can hold the whole month (and so partition it). */
export function isPartitionable({ year, month }: LogMonth): boolean {
  return (
    Number.isInteger(year) && year >= YEARS.min && year <= YEARS.max && month >= 1 && month <= 12
  );
}

/** `learning_log_y2026m05`, as the migration LearningLogByMonth names them too. */
export function partitionName({ year, month }: LogMonth): string {
  return `learning_log_y${pad(year, 4)}m${pad(month, 2)}`;
}

/** The month a partition of ours holds; undefined for any other table (the DEFAULT partition). */
export function monthOfPartition(name: string): LogMonth | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const month = { year: Number(match[1]), month: Number(match[2]) };
  return isPartitionable(month) ? month : undefined;
}

/** Midnight UTC on the first of the month, as a timestamptz literal (years past 9999 included). */
export function monthStart({ year, month }: LogMonth): string {
  return `${pad(year, 4)}-${pad(month, 2)}-01 00:00:00+00`;
}

/** The current month and the MONTHS_AHEAD after it. */
export function monthsAhead(now: Date): LogMonth[] {
  return Array.from({ length: MONTHS_AHEAD + 1 }, (_, n) => addMonths(monthOf(now), n));
}

/**
 * The partitions whose whole month ended at least `retentionDays` ago: a
 * row is kept at least that long, and at most a month longer, since a month
 * leaves the log at once.
 */
export function expiredPartitions(names: string[], now: Date, retentionDays: number): string[] {
  const cutoff = now.getTime() - retentionDays * MS_PER_DAY;
  return names.filter((name) => {
    const month = monthOfPartition(name);
    if (month === undefined) return false;
    return startMs(addMonths(month, 1)) <= cutoff;
  });
}

/** Milliseconds at the month's start (NaN past JavaScript's dates); Date.UTC would read years below 100 as 19xx. */
function startMs({ year, month }: LogMonth): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, 1);
  return date.getTime();
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
