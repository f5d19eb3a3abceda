import { Injectable } from '@nestjs/common';
import { SqlConditions } from '../common/sql-conditions.js';
import { PreparedStatements } from '../database/index.js';
import { siteOnAccount } from '../sites/index.js';
import { LIST_ROLLUPS, type ListRollup } from './rollup-tables.js';

/** A list's filter as the rollups see it: whole UTC days, and the article status. */
export interface DayFilter {
  from?: string;
  to?: string;
  status?: string;
}

/**
 * Where a list's page starts, read from the rollup alone: the exact total,
 * the undated rows (last in every list), and the day bucket holding the row
 * at the requested offset with the number of rows listed before that bucket
 * (null when the offset is past the end).
 */
export interface PagePosition {
  total: number;
  undated: number;
  bucket: { day: string | null; before: number } | null;
}

/** A whole site's totals, from the site rollups. */
export interface SiteTotals {
  articles: number;
  backlinks: number;
}

export interface PeriodCounts {
  articles: number;
  industry: number;
  local: number;
}

/**
 * Reads of the rollups. A site's totals, stats and page boundaries cost a
 * sum over at most one row per day and key (one per key for the total of a
 * whole list), whatever the size of the site. Each query also answers
 * whether the site is on the account, so the ownership check costs no round
 * trip of its own.
 */
@Injectable()
export class DailyCountsReader {
  constructor(private readonly statements: PreparedStatements) {}

  /**
   * A list's exact total and whether the site is on the account, as the
   * select-list items `owned` and `total`, for a statement that reads the
   * page too (one round trip); their parameters come first in it. Without a
   * day range the total is the site's own row per key, not a sum over its
   * days.
   */
  totalColumns(
    rollup: ListRollup,
    accountId: number,
    siteId: number,
    filter: DayFilter,
  ): { sql: string; params: unknown[] } {
    const { daily, site, count } = LIST_ROLLUPS[rollup];
    const table = filter.from === undefined && filter.to === undefined ? site : daily;
    const where = rollupConditions(siteId, filter);
    return {
      sql: `${siteOnAccount('$1', `$${where.params.length + 1}`)} AS owned,
            (SELECT coalesce(sum(${count}), 0) FROM ${table} WHERE ${where.sql})::int AS total`,
      params: [...where.params, accountId],
    };
  }

  /** The position of `offset` in a site's list; null when the site is not on the account. */
  async position(
    rollup: ListRollup,
    accountId: number,
    siteId: number,
    filter: DayFilter,
    offset: number,
  ): Promise<PagePosition | null> {
    const { daily, count } = LIST_ROLLUPS[rollup];
    const where = rollupConditions(siteId, filter);
    const next = where.params.length;
    // Buckets in list order: newest day first, the undated bucket last.
    const [row] = await this.statements.query<{
      owned: boolean;
      total: number;
      undated: number;
      day: string | null;
      before: number | null;
    }>(
      `WITH buckets AS (
         SELECT day, sum(${count})::bigint AS n FROM ${daily} WHERE ${where.sql} GROUP BY day
       ),
       placed AS (
         SELECT day, n, sum(n) OVER (ORDER BY day DESC NULLS LAST) - n AS before FROM buckets
       )
       SELECT ${siteOnAccount('$1', `$${next + 1}`)} AS owned,
              (SELECT coalesce(sum(n), 0) FROM buckets)::int AS total,
              (SELECT coalesce(sum(n), 0) FROM buckets WHERE day IS NULL)::int AS undated,
              to_char(p.day, 'YYYY-MM-DD') AS day, p.before::int AS before
         FROM (SELECT 1) one
         LEFT JOIN placed p ON p.before <= $${next + 2} AND $${next + 2} < p.before + p.n`,
      [...where.params, accountId, offset],
    );
    if (!row?.owned) return null;
    return {
      total: row.total,
      undated: row.undated,
      bucket: row.before === null ? null : { day: row.day, before: row.before },
    };
  }

  /** Articles published and backlinks acquired on the inclusive days; null when the site is not on the account. */
  async periodCounts(
    accountId: number,
    siteId: number,
    from: string,
    to: string,
  ): Promise<PeriodCounts | null> {
    const [row] = await this.statements.query<PeriodCounts & { owned: boolean }>(
      `SELECT ${siteOnAccount('$1', '$2')} AS owned,
              (SELECT coalesce(sum(articles), 0) FROM article_daily_counts
                WHERE site_id = $1 AND day BETWEEN $3::date AND $4::date)::int AS articles,
              b.industry, b.local
         FROM (SELECT coalesce(sum(backlinks) FILTER (WHERE category = 'industry'), 0)::int AS industry,
                      coalesce(sum(backlinks) FILTER (WHERE category = 'local'), 0)::int AS local
                 FROM backlink_daily_counts
                WHERE site_id = $1 AND day BETWEEN $3::date AND $4::date) b`,
      [siteId, accountId, from, to],
    );
    if (!row?.owned) return null;
    return { articles: row.articles, industry: row.industry, local: row.local };
  }

  /**
   * The totals of each site of `siteIds` (sites with nothing counted have
   * zeros), by site id: one row per status or category each, whatever the
   * size of the site. The caller has the sites from their owner already.
   */
  async siteTotals(siteIds: readonly number[]): Promise<Map<number, SiteTotals>> {
    if (siteIds.length === 0) return new Map();
    const rows = await this.statements.query<SiteTotals & { site_id: number }>(
      `SELECT s.site_id,
              (SELECT coalesce(sum(c.articles), 0) FROM article_site_counts c WHERE c.site_id = s.site_id)::int AS articles,
              (SELECT coalesce(sum(c.backlinks), 0) FROM backlink_site_counts c WHERE c.site_id = s.site_id)::int AS backlinks
         FROM unnest($1::int[]) AS s(site_id)`,
      [siteIds],
    );
    return new Map(
      rows.map((row) => [row.site_id, { articles: row.articles, backlinks: row.backlinks }]),
    );
  }

  /** The site's first day with a dated article or backlink; null when it has none. */
  async earliestDay(siteId: number): Promise<string | null> {
    const [row] = await this.statements.query<{ day: string | null }>(
      `SELECT to_char(LEAST(
                (SELECT min(day) FROM article_daily_counts WHERE site_id = $1),
                (SELECT min(day) FROM backlink_daily_counts WHERE site_id = $1)), 'YYYY-MM-DD') AS day`,
      [siteId],
    );
    return row?.day ?? null;
  }
}

/** The rollup rows of a site's list: its site, whole days (daily rows only), and the article status. */
function rollupConditions(siteId: number, filter: DayFilter): SqlConditions {
  const where = new SqlConditions().add((p) => `site_id = ${p}`, siteId);
  if (filter.from !== undefined) where.add((p) => `day >= ${p}::date`, filter.from);
  if (filter.to !== undefined) where.add((p) => `day <= ${p}::date`, filter.to);
  if (filter.status !== undefined) where.add((p) => `status = ${p}`, filter.status);
  return where;
}
