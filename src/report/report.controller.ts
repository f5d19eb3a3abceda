import { Controller, Get, Inject, Param, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, type Principal } from '../auth/index.js';
import { IdParamPipe } from '../common/http/id-param.pipe.js';
import { pageLinks } from '../common/http/page-links.js';
import { negotiateFormat } from '../common/http/response-format.js';
import { Authenticated } from '../common/request/route-access.decorator.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ApiSiteScoped } from '../common/openapi/error-responses.js';
import { AccountReportService } from './account-report.service.js';
import { AccountReportQueryDto, SiteReportQueryDto } from './dto/report-query.dto.js';
import { ReportAnswers, REPORT_PAGE_POLICY } from './formats/report-answers.js';
import { REPORT_MEDIA_TYPES } from './report-formats.js';
import {
  ApiAccountReportResponses,
  ApiReportErrors,
  ApiSiteReportResponses,
  SITE_REPORT_DESCRIPTION,
  ACCOUNT_REPORT_DESCRIPTION,
} from './report.openapi.js';
import { SiteReportService } from './site-report.service.js';
import type { SiteReportResponseDto } from './dto/site-report.dto.js';
import type { AccountReportDto } from './dto/account-report.dto.js';

@ApiTags('report')
@Controller('api/v1')
export class ReportController {
  constructor(
    private readonly siteReports: SiteReportService,
    private readonly accountReports: AccountReportService,
    private readonly answers: ReportAnswers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sites/:id/report')
  @Authenticated('read')
  @ApiOperation({
    operationId: 'getSiteReport',
    summary: 'One website’s report for a period, in JSON, CSV, HTML or PDF',
    description: SITE_REPORT_DESCRIPTION,
  })
  @ApiSiteScoped()
  @ApiSiteReportResponses()
  @ApiReportErrors()
  async site(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) siteId: number,
    @Query() query: SiteReportQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SiteReportResponseDto | StreamableFile> {
    const format = negotiateFormat(req, REPORT_MEDIA_TYPES);
    const report = await this.siteReports.report(principal.accountId, siteId, query);
    if (format === 'json') return { data: report };
    if (format === 'html') res.setHeader('Content-Security-Policy', REPORT_PAGE_POLICY);
    return this.answers.site(format, report, principal.accountId);
  }

  @Get('report')
  @Authenticated('read')
  @ApiOperation({
    operationId: 'getAccountReport',
    summary: 'Every website of the account for a period, one row a site, in JSON, CSV, HTML or PDF',
    description: ACCOUNT_REPORT_DESCRIPTION,
  })
  @ApiAccountReportResponses()
  @ApiReportErrors()
  async account(
    @CurrentPrincipal() principal: Principal,
    @Query() query: AccountReportQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountReportDto | StreamableFile> {
    const format = negotiateFormat(req, REPORT_MEDIA_TYPES);
    const report = await this.accountReports.report(principal.accountId, query);
    const start = req.originalUrl.indexOf('?');
    const search = start === -1 ? '' : req.originalUrl.slice(start + 1);
    res.setHeader('Link', pageLinks(this.config.publicBaseUrl, req.path, search, report.meta));
    if (format === 'json') return report;
    if (format === 'html') res.setHeader('Content-Security-Policy', REPORT_PAGE_POLICY);
    return this.answers.account(format, report, principal.accountId);
  }
}
