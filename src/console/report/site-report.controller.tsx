import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error.js';
import {
  ReportAnswers,
  ReportBrandService,
  REPORT_PAGE_POLICY,
  ReportRenderer,
  SiteReportQueryDto,
  SiteReportService,
} from '../../report/index.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { PageContext } from '../page/page-context.decorator.js';
import { Download, Refused } from '../page/page-result.js';
import { SiteReads } from '../sites/site.reads.js';
import { DEFAULT_CHOICE } from './report-picker.js';
import {
  apiQuery,
  readReportChoice,
  ReportChoiceError,
  type ReportChoice,
  requestedFormat,
} from './report-choice.js';
import { ReportFormatError } from './report-errors.js';
import { SiteReportPage } from './site-report.page.js';

/**
 * A site's monthly report in the console, from the same service as
 * GET /api/v1/sites/{id}/report, with the signed-in person's session instead
 * of a key: the page, or with `?format=` the report as a file, made by the
 * API's own renderers.
 */
@ConsolePages()
@Controller('console/sites')
export class SiteReportController {
  constructor(
    private readonly sites: SiteReads,
    private readonly reports: SiteReportService,
    private readonly answers: ReportAnswers,
    private readonly renderer: ReportRenderer,
    private readonly brands: ReportBrandService,
  ) {}

  @Get(':id/report')
  async page(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) siteId: number,
    @Query() query: Record<string, unknown>,
  ) {
    const accountId = page.user.account.id;
    const base = `/console/sites/${siteId}/report`;
    // Another account's site is the not-found page before anything else is looked at.
    const site = await this.sites.site(accountId, siteId);
    const format = requestedFormat(query.format);
    if (format === null) throw new ReportFormatError(base);
    const refused = async (choice: ReportChoice, code: string, message: string) =>
      new Refused(
        422,
        code,
        <SiteReportPage
          page={page}
          site={site}
          choice={choice}
          brand={await this.brands.brand(accountId)}
          error={message}
        />,
      );
    let choice: ReportChoice;
    try {
      choice = readReportChoice(query);
    } catch (error) {
      if (!(error instanceof ReportChoiceError)) throw error;
      return refused(DEFAULT_CHOICE, 'invalid_period', error.message);
    }
    const request = Object.assign(new SiteReportQueryDto(), apiQuery(choice));
    let report;
    try {
      report = await this.reports.report(accountId, siteId, request);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      return refused(choice, error.code, error.message);
    }
    if (format !== undefined) {
      const file = await this.answers.site(format, report, accountId);
      return new Download(
        file,
        format === 'html' ? { 'Content-Security-Policy': REPORT_PAGE_POLICY } : {},
      );
    }
    const [charts, brand] = await Promise.all([
      this.renderer.charts(report),
      this.brands.brand(accountId),
    ]);
    return (
      <SiteReportPage
        page={page}
        site={site}
        choice={choice}
        brand={brand}
        shown={{ report, charts }}
      />
    );
  }
}
