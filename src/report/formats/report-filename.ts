import { addDays } from '../../common/dates.js';
import { slug } from '../../common/http/content-disposition.js';
import type { ReportPeriodDto } from '../dto/report-counts.dto.js';

/** How a file names a period: a whole month as `2026-10`, a day as itself, else `from_to`. */
export function periodLabel({ from, to }: ReportPeriodDto): string {
  if (from === to) return from;
  const wholeMonth =
    from.endsWith('-01') && from.slice(0, 7) === to.slice(0, 7) && addDays(to, 1).endsWith('-01');
  return wholeMonth ? from.slice(0, 7) : `${from}_${to}`;
}

/** `report-site-12-acme-plumbing-2026-10.pdf`: the site's id and name, and the period. */
export function siteReportFilename(
  site: { id: number; name: string | null },
  period: ReportPeriodDto,
  extension: string,
): string {
  const name = slug(site.name ?? '');
  return `report-site-${site.id}${name ? `-${name}` : ''}-${periodLabel(period)}.${extension}`;
}

/** `report-account-2026-10.csv`, with the page when it is not the first. */
export function accountReportFilename(
  period: ReportPeriodDto,
  page: number,
  extension: string,
): string {
  return `report-account-${periodLabel(period)}${page > 1 ? `-page-${page}` : ''}.${extension}`;
}
