import { csvRecord } from '../../common/http/csv.js';
import type { AccountReportDto } from '../dto/account-report.dto.js';
import type { ReportCountsDto } from '../dto/report-counts.dto.js';
import type { SiteReportDto } from '../dto/site-report.dto.js';

const COUNTS: Array<keyof ReportCountsDto> = [
  'articles_published',
  'backlinks_acquired',
  'backlinks_industry',
  'backlinks_local',
];

/** A site report as CSV: its daily table, a header row and one row a day. */
export function siteReportCsv(report: SiteReportDto): string {
  let csv = csvRecord(['date', ...COUNTS]);
  for (const day of report.daily) csv += csvRecord([day.date, ...COUNTS.map((n) => day[n])]);
  return csv;
}

/**
 * An account report as CSV: a header row and one row a site of the page,
 * with the period's counts and the comparison period's (empty with
 * compare=none).
 */
export function accountReportCsv(report: AccountReportDto): string {
  let csv = csvRecord([
    'site_id',
    'site_name',
    'website_url',
    ...COUNTS,
    ...COUNTS.map((name) => `previous_${name}`),
  ]);
  for (const row of report.data) {
    csv += csvRecord([
      row.site.id,
      row.site.name,
      row.site.website_url,
      ...COUNTS.map((name) => row.summary[name]),
      ...COUNTS.map((name) => row.previous?.[name] ?? null),
    ]);
  }
  return csv;
}
