import { Injectable, StreamableFile } from '@nestjs/common';
import { attachment } from '../../common/http/content-disposition.js';
import { CSV_CONTENT_TYPE } from '../../common/http/csv.js';
import type { AccountReportDto } from '../dto/account-report.dto.js';
import type { SiteReportDto } from '../dto/site-report.dto.js';
import type { ReportFormat } from '../report-formats.js';
import { accountReportCsv, siteReportCsv } from './report-csv.js';
import { ReportBrandService } from '../brand/report-brand.service.js';
import type { ReportDocument } from './report-document.js';
import { accountReportFilename, siteReportFilename } from './report-filename.js';
import { ReportRenderer } from './report-renderer.service.js';

export type FileFormat = Exclude<ReportFormat, 'json'>;

/**
 * The policy of a report page: nothing may run, load or frame it; its own
 * inline styles and inline images (a logo) apply.
 */
export const REPORT_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A report in CSV, HTML or PDF, as the answer's body with its type and file name. */
@Injectable()
export class ReportAnswers {
  constructor(
    private readonly brands: ReportBrandService,
    private readonly renderer: ReportRenderer,
  ) {}

  async site(format: FileFormat, report: SiteReportDto, accountId: number) {
    const filename = siteReportFilename(report.site, report.period, format);
    if (format === 'csv') return csvFile(siteReportCsv(report), filename);
    return this.rendered(
      format,
      { kind: 'site', report, brand: await this.brands.brand(accountId) },
      filename,
    );
  }

  async account(format: FileFormat, report: AccountReportDto, accountId: number) {
    const filename = accountReportFilename(report.meta.period, report.meta.page, format);
    if (format === 'csv') return csvFile(accountReportCsv(report), filename);
    return this.rendered(
      format,
      { kind: 'account', report, brand: await this.brands.brand(accountId) },
      filename,
    );
  }

  private async rendered(
    format: 'html' | 'pdf',
    document: ReportDocument,
    filename: string,
  ): Promise<StreamableFile> {
    if (format === 'html') {
      return new StreamableFile(Buffer.from(await this.renderer.html(document)), {
        type: 'text/html; charset=utf-8',
      });
    }
    return new StreamableFile(await this.renderer.pdf(document), {
      type: 'application/pdf',
      disposition: attachment(filename),
    });
  }
}

function csvFile(csv: string, filename: string): StreamableFile {
  return new StreamableFile(Buffer.from(csv, 'utf8'), {
    type: CSV_CONTENT_TYPE,
    disposition: attachment(filename),
  });
}
