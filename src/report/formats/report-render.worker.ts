import { setPriority } from 'node:os';
import { Tinypool } from 'tinypool';
import { formatTimestamp } from '../../common/dates.js';
import type { TopLevelSpec } from 'vega-lite';
import { reportCharts, toSvg, type ReportCharts } from './report-charts.js';
import type { ReportDocument } from './report-document.js';
import { accountReportHtml, siteReportHtml } from './report-html.js';
import { accountReportPdf, drawableLogoProblem, siteReportPdf } from './report-pdf.js';
import type { SiteReportDto } from '../dto/site-report.dto.js';
import type { ReportBrand } from './report-document.js';

/**
 * The report renderer's worker thread: charts (Vega-Lite to SVG), the HTML
 * page and the PDF, off the event loop (ReportRenderer sends the work here).
 * Like the HTML worker, it runs below the event loop's priority where Linux
 * lets a thread be niced.
 */
const WORKER_NICENESS = 10;
try {
  setPriority(WORKER_NICENESS);
} catch {
  // Not permitted here: the worker keeps the process's priority.
}

export async function html(document: ReportDocument): Promise<string> {
  if (document.kind === 'account') {
    return accountReportHtml(document.report, document.brand, now());
  }
  return siteReportHtml(document.report, await reportCharts(document.report), document.brand);
}

/** The PDF's bytes, moved to the calling thread rather than copied. */
export async function pdf(document: ReportDocument): Promise<unknown> {
  const bytes =
    document.kind === 'account'
      ? await accountReportPdf(document.report, document.brand, now())
      : await siteReportPdf(document.report, await reportCharts(document.report), document.brand);
  return Tinypool.move(bytes);
}

/** The site report's charts alone, as SVG (the console's report page shows them). */
export function charts(report: SiteReportDto): Promise<ReportCharts> {
  return reportCharts(report);
}

/** Any other Vega-Lite chart as SVG (the console overview's calls a day). */
export function svg(spec: TopLevelSpec): Promise<string> {
  return toSvg(spec);
}

/** Why the PDF could not draw this logo, or null when it can. */
export function logo(candidate: NonNullable<ReportBrand['logo']>): string | null {
  return drawableLogoProblem(candidate);
}

function now(): string {
  return formatTimestamp(new Date()) as string;
}
