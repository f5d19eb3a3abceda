import { Injectable } from '@nestjs/common';
import { type ArticleDto, ArticlesService, type RevisionOrigin } from '../articles/index.js';
import { formatTimestamp, todayUtc } from '../common/dates.js';
import { DailyCountsReader, ReportCountsReader, type PeriodCounts } from '../rollups/index.js';
import { SiteNotFoundError, SitesService } from '../sites/index.js';
import { startAtEarliestRecord } from '../stats/index.js';
import type { SiteReportQueryDto } from './dto/report-query.dto.js';
import { MAX_REPORT_ARTICLES, type SiteReportDto } from './dto/site-report.dto.js';
import { reportChanges, reportCounts, reportPeriods } from './report-period.js';

/** One site's report. Every method that reads account data takes the account id. */
@Injectable()
export class SiteReportService {
  constructor(
    private readonly sites: SitesService,
    private readonly articles: ArticlesService,
    private readonly dailyCounts: DailyCountsReader,
    private readonly reportCounts: ReportCountsReader,
  ) {}

  /**
   * The report of a site for the query's period, from the rollups (the
   * counts and breakdowns in one statement, the rankings in another, side by
   * side) and the article list (its first page of 100 and its total, as
   * listArticles answers them).
   */
  async report(
    accountId: number,
    siteId: number,
    query: SiteReportQueryDto,
    today: string = todayUtc(),
  ): Promise<SiteReportDto> {
    const { period, comparison } = await reportPeriods(query, today, async (to) =>
      startAtEarliestRecord(to, await this.dailyCounts.earliestDay(siteId)),
    );
    const [site, counts, rankings, articles] = await Promise.all([
      this.sites.get(accountId, siteId),
      this.reportCounts.siteReport(siteId, period, comparison),
      this.reportCounts.rankings(siteId, period, query.top),
      this.articles
        .list(accountId, siteId, period, 1, MAX_REPORT_ARTICLES)
        .catch((error: unknown) => {
          if (error instanceof SiteNotFoundError) return null;
          throw error;
        }),
    ]);
    if (site === null || articles === null) throw new SiteNotFoundError(siteId);
    const pages = await this.articles.idsByUrl(
      accountId,
      siteId,
      rankings.targets.map((target) => target.url),
    );
    const total = sum(counts.daily);
    const summary = reportCounts(total);
    const previous = counts.previous === null ? null : reportCounts(counts.previous);
    const edits = (origin: RevisionOrigin) =>
      counts.edits.find((edit) => edit.key === origin)?.count ?? 0;
    const byOrigin = {
      api: edits('api'),
      mcp: edits('mcp'),
      editor: edits('editor'),
      rewrite: edits('rewrite'),
    };
    return {
      site,
      period,
      comparison,
      summary,
      previous,
      change: reportChanges(summary, previous),
      daily: counts.daily.map((day) => ({ date: day.day, ...reportCounts(day) })),
      backlinks_by_anchor_type: counts.anchorTypes.map(({ key, count }) => ({
        anchor_type: key,
        count,
      })),
      backlinks_by_status: counts.statuses.map(({ key, count }) => ({ status: key, count })),
      top_referring_domains: rankings.domains.map((domain) => ({
        source_domain: domain.domain,
        backlinks: domain.backlinks,
        first_seen: domain.firstSeen,
      })),
      top_linked_pages: rankings.targets.map((target) => ({
        target_url: target.url,
        backlinks: target.backlinks,
        article_id: pages.get(target.url) ?? null,
      })),
      articles_published: {
        total: articles.meta.total,
        items: articles.data.items<ArticleDto>(),
      },
      edits: {
        total: Object.values(byOrigin).reduce((all, n) => all + n, 0),
        by_origin: byOrigin,
      },
      generated_at: formatTimestamp(new Date()) as string,
    };
  }
}

function sum(days: PeriodCounts[]): PeriodCounts {
  return days.reduce(
    (all, day) => ({
      articles: all.articles + day.articles,
      industry: all.industry + day.industry,
      local: all.local + day.local,
    }),
    { articles: 0, industry: 0, local: 0 },
  );
}
