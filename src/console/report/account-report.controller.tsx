import { Controller, Get, Post, Query } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error.js';
import {
  AccountReportQueryDto,
  AccountReportService,
  ReportAnswers,
  ReportBrandInvalidError,
  ReportBrandService,
  REPORT_PAGE_POLICY,
} from '../../report/index.js';
import { assertNotSuspended } from '../account-access.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ActionNotAllowedError } from '../console.errors.js';
import { PageContext } from '../page/page-context.decorator.js';
import { Download, Refused, SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { CONSOLE_PAGE_SIZE, numberedPager, pageNumber } from '../page-number.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { readSort } from './account-report-sort.js';
import { sortRows } from './account-report-sort.js';
import { AccountReportPage, SITES_PER_FILE } from './account-report.page.js';
import { UploadedLogo } from './logo-upload.js';
import {
  apiQuery,
  choiceSearch,
  readReportChoice,
  ReportChoiceError,
  type ReportChoice,
  requestedFormat,
} from './report-choice.js';
import { ReportFormatError } from './report-errors.js';
import { ReportBrandPage, type BrandFormValues } from './report-brand.page.js';
import { DEFAULT_CHOICE } from './report-picker.js';

const BASE = '/console/report';

/**
 * The account's report in the console (every website, sortable by each count
 * and change; with `?format=` the API's file of 100 websites by id), and its
 * white label, which owners set.
 */
@ConsolePages()
@Controller('console/report')
export class AccountReportController {
  constructor(
    private readonly reports: AccountReportService,
    private readonly answers: ReportAnswers,
    private readonly brands: ReportBrandService,
  ) {}

  @Get()
  async page(@PageContext() page: PageContext, @Query() query: Record<string, unknown>) {
    const accountId = page.user.account.id;
    const format = requestedFormat(query.format);
    if (format === null) throw new ReportFormatError(BASE);
    const order = readSort(query.sort, query.dir);
    const refused = async (choice: ReportChoice, code: string, message: string) =>
      new Refused(
        422,
        code,
        <AccountReportPage
          page={page}
          choice={choice}
          brand={await this.brands.brand(accountId)}
          order={order}
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
    try {
      if (format !== undefined) {
        const request = Object.assign(new AccountReportQueryDto(), apiQuery(choice), {
          page: pageNumber(query.part),
          per_page: SITES_PER_FILE,
        });
        const report = await this.reports.report(accountId, request);
        return new Download(
          await this.answers.account(format, report, accountId),
          format === 'html' ? { 'Content-Security-Policy': REPORT_PAGE_POLICY } : {},
        );
      }
      const [{ rows, meta }, brand] = await Promise.all([
        this.reports.everySite(accountId, apiQuery(choice)),
        this.brands.brand(accountId),
      ]);
      const pageNo = pageNumber(query.page);
      const shown = sortRows(rows, order).slice(
        (pageNo - 1) * CONSOLE_PAGE_SIZE,
        pageNo * CONSOLE_PAGE_SIZE,
      );
      const pager = numberedPager(
        'Websites',
        `${BASE}?${choiceSearch(choice, { sort: order.key, dir: order.direction })}`,
        pageNo,
        shown.length,
        rows.length,
      );
      return (
        <AccountReportPage
          page={page}
          choice={choice}
          brand={brand}
          order={order}
          shown={{ rows: shown, meta, pager }}
        />
      );
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      return refused(choice, error.code, error.message);
    }
  }

  @Get('brand')
  async brandForm(@PageContext() page: PageContext) {
    assertOwner(page.user);
    return this.brandPage(page, {
      displayName: (await this.brands.settings(page.user.account.id)).displayName ?? '',
    });
  }

  @Post('brand')
  @ConsoleAction('setReportBrand')
  async saveBrand(
    @PageContext() page: PageContext,
    @Form() form: PostedForm,
    @UploadedLogo() logo: UploadedLogo,
  ) {
    const { user } = page;
    assertOwner(user);
    assertNotSuspended(user);
    const displayName = form.field('display_name');
    try {
      if ('refused' in logo) throw new ReportBrandInvalidError('logo', logo.refused);
      await this.brands.update(user.account.id, user.id, {
        displayName,
        logo: logo.bytes,
        removeLogo: form.field('remove_logo') === 'yes',
      });
    } catch (error) {
      if (!(error instanceof ReportBrandInvalidError)) throw error;
      return new Refused(
        422,
        error.code,
        await this.brandPage(page, {
          displayName,
          error: { field: error.field, message: error.message },
        }),
      );
    }
    return new SeeOther(BASE, {
      notice: 'The white label is saved: the reports carry it from now on.',
    });
  }

  private async brandPage(page: PageContext, form: BrandFormValues) {
    const accountId = page.user.account.id;
    const [brand, settings] = await Promise.all([
      this.brands.brand(accountId),
      this.brands.settings(accountId),
    ]);
    return (
      <ReportBrandPage page={page} brand={brand} hasLogo={settings.logo !== null} form={form} />
    );
  }
}

function assertOwner(user: SignedInUser): void {
  if (user.role !== 'owner') {
    throw new ActionNotAllowedError(
      'Only owners of the account set the name and logo of its reports.',
    );
  }
}
