import type { Period } from './types.js';

/** The choices of the period switch: get_report's period names and the last twelve months. */

export interface PeriodChoice {
  value: string;
  label: string;
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function monthValue(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export function periodChoices(today: Date): PeriodChoice[] {
  const choices: PeriodChoice[] = [
    { value: 'this_month', label: 'This month' },
    { value: 'last_month', label: 'Last month' },
    { value: 'last_30_days', label: 'Last 30 days' },
  ];
  for (let back = 1; back <= 12; back++) {
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    choices.push({ value: monthValue(month), label: MONTH.format(month) });
  }
  return choices;
}

function utc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** A whole calendar month as YYYY-MM, or undefined. */
export function wholeMonth(period: Period): string | undefined {
  const from = utc(period.from);
  const after = utc(period.to);
  after.setUTCDate(after.getUTCDate() + 1);
  return from.getUTCDate() === 1 &&
    after.getUTCDate() === 1 &&
    after.getUTCMonth() !== from.getUTCMonth()
    ? period.from.slice(0, 7)
    : undefined;
}

/** "1 Oct 2026 – 31 Oct 2026", or "October 2026" for a whole month. */
export function periodLabel(period: Period): string {
  const month = wholeMonth(period);
  if (month !== undefined) return MONTH.format(utc(period.from));
  if (period.from === period.to) return DAY.format(utc(period.from));
  return `${DAY.format(utc(period.from))} – ${DAY.format(utc(period.to))}`;
}

export function shortDay(day: string): string {
  return DAY.format(utc(day)).replace(/ \d{4}$/, '');
}
