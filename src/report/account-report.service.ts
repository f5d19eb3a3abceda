import { Injectable } from '@nestjs/common';
import { todayUtc } from '../common/dates.js';
import { ReportCountsReader } from '../rollups/index.js';
import { type SiteDto, SitesService } from '../sites/index.js';
import { startAtEarliestRecord } from '../stats/index.js';
import { MAX_PER_PAGE } from '../common/pagination.js';
import type { AccountReportDto, AccountReportRowDto } from './dto/account-report.dto.js';
import { AccountReportQueryDto, type ReportQueryDto } from './dto/report-query.dto.js';
import { reportChanges, reportCounts, reportPeriods } from './report-period.js';

/** The report of every site of an account. Every method takes the account id. */
@Injectable()
export class AccountReportService {
  constructor(
    private readonly sites: SitesService,
    private readonly reportCounts: ReportCountsReader,
  ) {}

  /**
   * One page of the account's sites by id (the list of listSites), each with
   * its counts in the period and the comparison period, and the period's
   * counts over every site of the account. With only `to`, the period starts
   * at the account's earliest dated record.
   */
  async report(
    accountId: number,
    query: AccountReportQueryDto,
    today: string = todayUtc(),
  ): Promise<AccountReportDto> {
    const { period, comparison } = await reportPeriods(query, today, async (to) =>
      startAtEarliestRecord(to, await this.reportCounts.earliestAccountDay(accountId)),
    );
    const page = await this.sites.list(accountId, query.page, query.per_page);
    const sites = page.data.items<SiteDto>();
    const counts = await this.reportCounts.accountCounts(
      accountId,
      sites.map((site) => site.id),
      period,
      comparison,
    );
    const bySite = new Map(counts.sites.map((site) => [site.siteId, site]));
    return {
      data: sites.flatMap((site) => {
        const found = bySite.get(site.id);
        if (found === undefined) return [];
        const summary = reportCounts(found.current);
        const previous = found.previous === null ? null : reportCounts(found.previous);
        return [
          {
            site: { id: site.id, name: site.name, website_url: site.website_url },
            summary,
            previous,
            change: reportChanges(summary, previous),
          },
        ];
      }),
      meta: { ...page.meta, period, comparison, totals: reportCounts(counts.totals) },
    };
  }

  /**
   * Every site of the account at once (the console sorts them by any count):
   * the report's pages of 100 in turn, with the first page's period,
   * comparison and totals.
   */
  async everySite(
    accountId: number,
    query: Pick<ReportQueryDto, 'period' | 'from' | 'to' | 'compare'>,
    today: string = todayUtc(),
  ): Promise<{ rows: AccountReportRowDto[]; meta: AccountReportDto['meta'] }> {
    const pageOf = (page: number) =>
      this.report(
        accountId,
        Object.assign(new AccountReportQueryDto(), query, { page, per_page: MAX_PER_PAGE }),
        today,
      );
    const first = await pageOf(1);
    const rows = [...first.data];
    for (let page = 2; page <= first.meta.last_page; page++)
      rows.push(...(await pageOf(page)).data);
    return { rows, meta: first.meta };
  }
}
