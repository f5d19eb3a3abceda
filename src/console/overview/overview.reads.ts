import { Injectable } from '@nestjs/common';
import { ApiKeyListings } from '../../auth/index.js';
import {
  type DailyStatusCount,
  LearningLogCounts,
  LearningLogSearch,
} from '../../learning-log/index.js';
import { DailyCountsReader } from '../../rollups/index.js';
import { SitesRepository } from '../../sites/index.js';

export interface SiteSummary {
  id: number;
  name: string | null;
  website_url: string | null;
  articles: number;
  backlinks: number;
}

export interface AccountFigures {
  sites: number;
  active_keys: number;
  calls_24h: number;
}

/**
 * What the overview shows of an account: its figures, each from the module
 * that owns it, and its sites with their totals (from the site rollups).
 */
@Injectable()
export class OverviewReads {
  constructor(
    private readonly siteRows: SitesRepository,
    private readonly keys: ApiKeyListings,
    private readonly log: LearningLogCounts,
    private readonly logSearch: LearningLogSearch,
    private readonly rollups: DailyCountsReader,
  ) {}

  async figures(accountId: number): Promise<AccountFigures> {
    const [sites, activeKeys, calls] = await Promise.all([
      this.siteRows.countOwned(accountId),
      this.keys.countActive(accountId),
      this.log.callsLastDay(accountId),
    ]);
    return { sites, active_keys: activeKeys, calls_24h: calls };
  }

  /** The account's calls a day from `from` (UTC) on, by status class: the overview's chart. */
  callsByDay(accountId: number, from: string): Promise<DailyStatusCount[]> {
    return this.logSearch.dailyByStatus(accountId, from);
  }

  async sites(accountId: number, limit: number, offset: number): Promise<SiteSummary[]> {
    const sites = await this.siteRows.listOwned(accountId, limit, offset);
    const totals = await this.rollups.siteTotals(sites.map((site) => site.id));
    return sites.map((site) => ({
      ...site,
      articles: totals.get(site.id)?.articles ?? 0,
      backlinks: totals.get(site.id)?.backlinks ?? 0,
    }));
  }
}
