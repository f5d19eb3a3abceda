import type {
  ReportChangesDto,
  ReportCountsDto,
  ReportPeriodDto,
} from '../dto/report-counts.dto.js';
import type { EditsByOriginDto } from '../dto/site-report.dto.js';

/**
 * The words and number formats the HTML and PDF reports share, so that the
 * two say the same thing, in English, the same on every server (no locale).
 */

/** How a null anchor type, status, name or article is shown. */
export const NO_VALUE = '(none)';

export const COUNT_LABELS: Record<keyof ReportCountsDto, string> = {
  articles_published: 'Articles published',
  backlinks_acquired: 'Backlinks acquired',
  backlinks_industry: 'Industry backlinks',
  backlinks_local: 'Local backlinks',
};

export const COUNT_NAMES = Object.keys(COUNT_LABELS) as Array<keyof ReportCountsDto>;

export const ORIGIN_LABELS: Record<keyof EditsByOriginDto, string> = {
  api: 'API',
  mcp: 'Assistants (MCP)',
  editor: 'Editor',
  rewrite: 'Rewrite',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 12,345 */
export function count(value: number): string {
  return grouping.format(value);
}

/** 26.2 */
export function perDay(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}

/** `3 October 2026` */
export function dayText(day: string): string {
  return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(0, 4))}`;
}

/** `October 2026` for a whole month, `3 October 2026` for a day, else `3 October 2026 – 21 November 2026`. */
export function periodText(period: Pick<ReportPeriodDto, 'from' | 'to'>): string {
  const { from, to } = period;
  if (from === to) return dayText(from);
  const lastOfMonth = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).getUTCDate() === 1;
  if (from.endsWith('-01') && from.slice(0, 7) === to.slice(0, 7) && lastOfMonth) {
    return `${MONTHS[Number(from.slice(5, 7)) - 1]} ${Number(from.slice(0, 4))}`;
  }
  return `${dayText(from)} – ${dayText(to)}`;
}

/** `+5 (+27.8 %)`, `−3 (−10.0 %)`, `+4` when the comparison count was 0, `0 (0.0 %)`. */
export function changeText(change: ReportChangesDto[keyof ReportChangesDto]): string {
  const sign = (value: number) => (value > 0 ? '+' : value < 0 ? '−' : '');
  const absolute = `${sign(change.absolute)}${count(Math.abs(change.absolute))}`;
  if (change.percent === null) return absolute;
  return `${absolute} (${sign(change.percent)}${Math.abs(change.percent).toFixed(1)} %)`;
}

/** `UTC 2026-11-01 08:00` from an RFC 3339 time. */
export function generatedText(generatedAt: string): string {
  return `${generatedAt.slice(0, 10)} ${generatedAt.slice(11, 16)} UTC`;
}

/** The summary table: each count in the period, the comparison period and the change. */
export function summaryRows(report: {
  summary: ReportCountsDto;
  previous: ReportCountsDto | null;
  change: ReportChangesDto | null;
}): Array<{ label: string; current: string; previous: string; change: string; trend: number }> {
  return COUNT_NAMES.map((name) => ({
    label: COUNT_LABELS[name],
    current: count(report.summary[name]),
    previous: report.previous === null ? '' : count(report.previous[name]),
    change: report.change === null ? '' : changeText(report.change[name]),
    trend: report.change === null ? 0 : Math.sign(report.change[name].absolute),
  }));
}
