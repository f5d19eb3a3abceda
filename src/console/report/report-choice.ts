import { isDay } from '../../common/dates.js';
import { COMPARISONS, type Comparison, REPORT_FORMATS } from '../../report/index.js';

/** The periods the picker offers; `month` and `range` take their days from the fields beside them. */
export const PERIOD_CHOICES = [
  'last_month',
  'this_month',
  'last_30_days',
  'month',
  'range',
] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

/**
 * The console opens on last month: the month a monthly client report is
 * about (the API's own default is this month, which is not over yet).
 */
export const DEFAULT_PERIOD_CHOICE: PeriodChoice = 'last_month';

/** What the report pages were asked for: the picker's fields, as the form shows them again. */
export interface ReportChoice {
  period: PeriodChoice;
  month: string;
  from: string;
  to: string;
  compare: Comparison;
}

/** The report's query in the API's grammar (`period`, or `from`/`to`, and `compare`). */
export interface ReportApiQuery {
  period?: string;
  from?: string;
  to?: string;
  compare: Comparison;
}

/** A query the picker cannot turn into a period: the sentence to show above the form. */
export class ReportChoiceError extends Error {}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A field of the query, trimmed; sent more than once (an array), it is refused. */
function field(query: Record<string, unknown>, name: string): string {
  const value = query[name];
  if (value === undefined) return '';
  if (typeof value !== 'string') {
    throw new ReportChoiceError(`“${name}” was given more than once; give it once.`);
  }
  return value.trim();
}

/**
 * Reads the picker's fields, and the API's own grammar too, so that a link
 * copied from the API (`?period=2026-10`, `?from=…&to=…`) opens the same
 * report: `period` is a choice or an API period, `month` a `YYYY-MM`, `from`
 * and `to` days. What it returns may still be refused by the period rules
 * (a month of the future is fine, `from` after `to` is not); the report
 * service says so in the API's words.
 */
export function readReportChoice(query: Record<string, unknown>): ReportChoice {
  const compareText = field(query, 'compare');
  if (compareText !== '' && !(COMPARISONS as readonly string[]).includes(compareText)) {
    throw new ReportChoiceError(
      `The comparison must be the previous period, the same dates a year earlier, or none (not “${compareText}”).`,
    );
  }
  const compare = (compareText || 'previous_period') as Comparison;
  let period = field(query, 'period');
  let month = field(query, 'month');
  let from = field(query, 'from');
  let to = field(query, 'to');
  if (MONTH.test(period)) [period, month] = ['month', period];
  else if (isDay(period)) [period, from, to] = ['range', period, period];
  else if (period === '') period = from !== '' || to !== '' ? 'range' : DEFAULT_PERIOD_CHOICE;
  if (!(PERIOD_CHOICES as readonly string[]).includes(period)) {
    throw new ReportChoiceError(
      `“${period.slice(0, 40)}” is not a period: choose last month, this month, the last 30 days, a month or a range of days.`,
    );
  }
  const choice = { period: period as PeriodChoice, month, from, to, compare };
  if (choice.period === 'month' && !MONTH.test(month)) {
    throw new ReportChoiceError('Choose the month to report on (YYYY-MM).');
  }
  if (choice.period === 'range') {
    if (from === '' || to === '') {
      throw new ReportChoiceError('Give both the first and the last day of the range.');
    }
    for (const [name, day] of [
      ['first', from],
      ['last', to],
    ] as const) {
      if (!isDay(day)) {
        throw new ReportChoiceError(
          `The ${name} day “${day.slice(0, 20)}” is not a date (YYYY-MM-DD).`,
        );
      }
    }
  }
  return choice;
}

/** The choice as the report services take it. */
export function apiQuery(choice: ReportChoice): ReportApiQuery {
  if (choice.period === 'month') return { period: choice.month, compare: choice.compare };
  if (choice.period === 'range')
    return { from: choice.from, to: choice.to, compare: choice.compare };
  return { period: choice.period, compare: choice.compare };
}

/** The choice as a query string in the API's grammar (for links: sorting, pages, downloads). */
export function choiceSearch(choice: ReportChoice, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  const query: Partial<Record<string, string>> = { ...apiQuery(choice) };
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}

/** `?format=` of a report page: a file format, or undefined for the page itself. */
export function requestedFormat(value: unknown): 'csv' | 'html' | 'pdf' | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' &&
    value !== 'json' &&
    (REPORT_FORMATS as readonly string[]).includes(value)
    ? (value as 'csv' | 'html' | 'pdf')
    : null;
}
