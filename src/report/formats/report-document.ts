import type { AccountReportDto } from '../dto/account-report.dto.js';
import type { SiteReportDto } from '../dto/site-report.dto.js';

/**
 * Who the printed report is from: the white label's display name (else the
 * account's name), and its logo when there is one (ReportBrandService).
 */
export interface ReportBrand {
  display_name: string;
  /** An image to show beside the name: its media type and bytes (base64). */
  logo: { media_type: 'image/png' | 'image/svg+xml'; data_base64: string } | null;
}

/** What the HTML and PDF renderings are made from: the JSON report and its brand. */
export type ReportDocument =
  | { kind: 'site'; report: SiteReportDto; brand: ReportBrand }
  | { kind: 'account'; report: AccountReportDto; brand: ReportBrand };
