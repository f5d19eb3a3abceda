import { Injectable } from '@nestjs/common';
import { todayUtc } from '../common/dates.js';
import { DailyCountsReader } from '../rollups/index.js';
import { SiteNotFoundError } from '../sites/index.js';
import type { StatsDto } from './dto/stats.dto.js';
import { resolveStatsRange, startAtEarliestRecord, StatsRangeRequest } from './period-resolver.js';

/** Period counts of one site. Every method that reads account data takes the account id. */
@Injectable()
export class StatsService {
  constructor(private readonly dailyCounts: DailyCountsReader) {}

  /**
   * The counts of a resolved range, summed from the daily rollups: at most
   * one row per day and key, however many articles and backlinks the site
   * has. The same query checks the site is on the account.
   */
  async stats(
    accountId: number,
    siteId: number,
    request: StatsRangeRequest,
    today: string = todayUtc(),
  ): Promise<StatsDto> {
    const resolved = resolveStatsRange(request, today);
    const range =
      resolved.kind === 'days'
        ? resolved
        : startAtEarliestRecord(resolved.to, await this.dailyCounts.earliestDay(siteId));
    const counts = await this.dailyCounts.periodCounts(accountId, siteId, range.from, range.to);
    if (counts === null) throw new SiteNotFoundError(siteId);
    return {
      site_id: siteId,
      from: range.from,
      to: range.to,
      articles_published: counts.articles,
      backlinks_acquired: counts.industry + counts.local,
      backlinks_industry: counts.industry,
      backlinks_local: counts.local,
    };
  }
}
