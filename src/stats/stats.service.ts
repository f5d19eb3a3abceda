import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { todayUtc } from '../common/dates.js';
import { SqlConditions, sqlDay } from '../common/sql-conditions.js';
import { SitesService } from '../sites/sites.service.js';
import type { StatsDto } from './dto/stats.dto.js';
import {
  DayRange,
  resolveStatsRange,
  startAtEarliestRecord,
  StatsRangeRequest,
} from './period-resolver.js';

export interface BacklinkCounts {
  industry: number;
  local: number;
}

/** Period counts of one site. Every method that reads account data takes the account id. */
@Injectable()
export class StatsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sites: SitesService,
  ) {}

  async stats(
    accountId: number,
    siteId: number,
    request: StatsRangeRequest,
    today: string = todayUtc(),
  ): Promise<StatsDto> {
    const resolved = resolveStatsRange(request, today);
    await this.sites.assertOwned(accountId, siteId);
    const range =
      resolved.kind === 'days'
        ? resolved
        : startAtEarliestRecord(resolved.to, await this.earliestRecordDay(siteId));
    const [articles, backlinks] = await Promise.all([
      this.countArticlesPublished(siteId, range),
      this.countBacklinksAcquired(siteId, range),
    ]);
    return {
      site_id: siteId,
      from: range.from,
      to: range.to,
      articles_published: articles,
      backlinks_acquired: backlinks.industry + backlinks.local,
      backlinks_industry: backlinks.industry,
      backlinks_local: backlinks.local,
    };
  }

  /** Articles whose published_at falls in the range, any status. */
  async countArticlesPublished(siteId: number, range: DayRange): Promise<number> {
    const where = new SqlConditions()
      .add((p) => `site_id = ${p}`, siteId)
      .dayRange('published_at', range.from, range.to);
    const [row] = await this.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM articles WHERE ${where.sql}`,
      where.params,
    );
    return row?.total ?? 0;
  }

  /** Backlinks whose acquired_at falls in the range, by category (index-only: the index includes it). */
  async countBacklinksAcquired(siteId: number, range: DayRange): Promise<BacklinkCounts> {
    const where = new SqlConditions()
      .add((p) => `site_id = ${p}`, siteId)
      .dayRange('acquired_at', range.from, range.to);
    const [row] = await this.dataSource.query<BacklinkCounts[]>(
      `SELECT count(*) FILTER (WHERE category = 'industry')::int AS industry,
              count(*) FILTER (WHERE category = 'local')::int AS local
         FROM backlinks WHERE ${where.sql}`,
      where.params,
    );
    return row ?? { industry: 0, local: 0 };
  }

  /** The UTC day of the site's first dated article or backlink; null when it has none. */
  async earliestRecordDay(siteId: number): Promise<string | null> {
    const [row] = await this.dataSource.query<Array<{ day: string | null }>>(
      `SELECT ${sqlDay(
        `LEAST((SELECT min(published_at) FROM articles WHERE site_id = $1),
               (SELECT min(acquired_at) FROM backlinks WHERE site_id = $1))`,
      )} AS day`,
      [siteId],
    );
    return row?.day ?? null;
  }
}
