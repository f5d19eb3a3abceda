import { Injectable } from '@nestjs/common';
import { PreparedStatements } from '../database/index.js';
import { sitesOfAccount } from '../sites/index.js';
import type { PeriodCounts } from './daily-counts.reader.js';

/** Inclusive UTC calendar days, `YYYY-MM-DD`. */
export interface Days {
  from: string;
  to: string;
}

export interface DayCounts extends PeriodCounts {
  day: string;
}

/** A key of a breakdown (null is a key of its own) and its count. */
export interface KeyCount {
  key: string | null;
  count: number;
}

export interface DomainCount {
  domain: string;
  backlinks: number;
  /** No backlink of the site came from the domain before the period's first day. */
  firstSeen: boolean;
}

export interface TargetCount {
  url: string;
  backlinks: number;
}

/** The rankings of one site's report. */
export interface SiteRankings {
  /** The top domains and target URLs of the period's backlinks (never null ones). */
  domains: DomainCount[];
  targets: TargetCount[];
}

/** Everything of one site's report that the rollups answer, the rankings aside. */
export interface SiteReportCounts {
  /** Every day of the period, oldest first, zeros included. */
  daily: DayCounts[];
  /** The comparison period's counts; null without one. */
  previous: PeriodCounts | null;
  /** Backlinks acquired in the period by anchor type and by status: largest first, ties by key. */
  anchorTypes: KeyCount[];
  statuses: KeyCount[];
  /** Revisions made in the period, by origin (imports left out). */
  edits: KeyCount[];
}

/** One site's counts in a period and, optionally, in a comparison period. */
export interface SitePeriodCounts {
  siteId: number;
  current: PeriodCounts;
  previous: PeriodCounts | null;
}

type Row = [string, number, number, number];

/** A site's rows in the period of the statement's $2 to $3. */
const IN_PERIOD = `site_id = $1 AND day BETWEEN $2::date AND $3::date`;

/** A breakdown of the period's backlinks by one key, largest first, ties by key, null last among equals. */
const breakdown = (table: string, key: string) =>
  `(SELECT coalesce(json_agg(json_build_array(key, n) ORDER BY n DESC, key COLLATE "C" NULLS LAST), '[]')
      FROM (SELECT min(${key}) AS key, sum(backlinks)::int AS n
              FROM ${table} WHERE ${IN_PERIOD} GROUP BY key_hash) t)`;

/**
 * An account's counts summed over every one of its sites, from an article
 * and a backlink rollup and the rows `when` picks: the backlinks are read in
 * one pass, both categories at once.
 */
const accountTotals = (articles: string, backlinks: string, when: string) =>
  `(SELECT json_build_object('articles', a.n, 'industry', b.industry, 'local', b.local)
      FROM (SELECT coalesce(sum(articles), 0)::int AS n FROM ${articles}
             WHERE ${when} AND site_id IN ${sitesOfAccount('$1')}) a,
           (SELECT coalesce(sum(backlinks) FILTER (WHERE category = 'industry'), 0)::int AS industry,
                   coalesce(sum(backlinks) FILTER (WHERE category = 'local'), 0)::int AS local
              FROM ${backlinks} WHERE ${when} AND site_id IN ${sitesOfAccount('$1')}) b)`;

/** The days $3 to $4: a probe into each site's daily rows. */
const PERIOD_TOTALS = accountTotals(
  'article_daily_counts',
  'backlink_daily_counts',
  'day BETWEEN $3::date AND $4::date',
);

/** The whole month starting $3: one index range of the month's rows of every site. */
const MONTH_TOTALS = accountTotals(
  'article_monthly_counts',
  'backlink_monthly_counts',
  'month = $3::date',
);

/**
 * Reads of the report's rollups (migrations DailyCounts and ReportRollups):
 * a site's month costs a few rows per day and key, whatever the number of
 * its backlinks, and a ranking sums the period's rows of one key. Breakdown
 * order is stable: the count descending, then the key in byte order, the
 * null key last among equals.
 */
@Injectable()
export class ReportCountsReader {
  constructor(private readonly statements: PreparedStatements) {}

  /**
   * One site's report counts but the rankings, in one statement (one
   * snapshot: the days, the breakdowns and the comparison agree with each
   * other).
   */
  async siteReport(
    siteId: number,
    period: Days,
    comparison: Days | null,
  ): Promise<SiteReportCounts> {
    const [row] = await this.statements.query<{
      daily: Row[];
      previous: PeriodCounts | null;
      anchor_types: Array<[string | null, number]>;
      statuses: Array<[string | null, number]>;
      edits: Array<[string, number]>;
    }>(
      `WITH article_days AS (
         SELECT day, sum(articles)::int AS n FROM article_daily_counts WHERE ${IN_PERIOD} GROUP BY day
       ),
       backlink_days AS (
         SELECT day, coalesce(sum(backlinks) FILTER (WHERE category = 'industry'), 0)::int AS industry,
                coalesce(sum(backlinks) FILTER (WHERE category = 'local'), 0)::int AS local
           FROM backlink_daily_counts WHERE ${IN_PERIOD} GROUP BY day
       )
       SELECT
         (SELECT json_agg(json_build_array(to_char(d.day, 'YYYY-MM-DD'), coalesce(a.n, 0),
                                           coalesce(b.industry, 0), coalesce(b.local, 0)) ORDER BY d.day)
            FROM generate_series($2::date, $3::date, interval '1 day') AS g(at)
            CROSS JOIN LATERAL (SELECT g.at::date AS day) d
            LEFT JOIN article_days a ON a.day = d.day LEFT JOIN backlink_days b ON b.day = d.day) AS daily,
         CASE WHEN $4::date IS NOT NULL THEN json_build_object(
           'articles', (SELECT coalesce(sum(articles), 0) FROM article_daily_counts
                         WHERE site_id = $1 AND day BETWEEN $4::date AND $5::date)::int,
           'industry', (SELECT coalesce(sum(backlinks), 0) FROM backlink_daily_counts
                         WHERE site_id = $1 AND day BETWEEN $4::date AND $5::date AND category = 'industry')::int,
           'local', (SELECT coalesce(sum(backlinks), 0) FROM backlink_daily_counts
                      WHERE site_id = $1 AND day BETWEEN $4::date AND $5::date AND category = 'local')::int)
         END AS previous,
         ${breakdown('backlink_daily_anchor_types', 'anchor_type')} AS anchor_types,
         ${breakdown('backlink_daily_statuses', 'status')} AS statuses,
         (SELECT coalesce(json_agg(json_build_array(origin, n)), '[]')
            FROM (SELECT origin, sum(revisions)::int AS n FROM revision_daily_counts
                   WHERE ${IN_PERIOD} GROUP BY origin) e) AS edits`,
      [siteId, period.from, period.to, comparison?.from ?? null, comparison?.to ?? null],
    );
    return {
      daily: row.daily.map(([day, articles, industry, local]) => ({
        day,
        articles,
        industry,
        local,
      })),
      previous: row.previous,
      anchorTypes: row.anchor_types.map(([key, count]) => ({ key, count })),
      statuses: row.statuses.map(([key, count]) => ({ key, count })),
      edits: row.edits.map(([key, count]) => ({ key, count })),
    };
  }

  /**
   * The period's top `top` source domains (with whether each is new to the
   * site) and target URLs, never null ones. A statement of its own: summing
   * a period's domains is the costliest part of a report, and runs beside
   * the rest. For a whole calendar month, the monthly report's usual period,
   * the domains are the month's first rows of backlink_monthly_domains by
   * count (ties sorted by name) instead of a sum over the month's days.
   */
  async rankings(siteId: number, period: Days, top: number): Promise<SiteRankings> {
    const ranking = (table: string, key: string) =>
      `SELECT key_hash, min(${key}) AS key, sum(backlinks)::int AS n
         FROM ${table} WHERE ${IN_PERIOD} AND key_hash IS NOT NULL
        GROUP BY key_hash ORDER BY n DESC, min(${key}) COLLATE "C" LIMIT $4`;
    const domains = isWholeMonth(period)
      ? `SELECT key_hash, source_domain AS key, backlinks AS n
           FROM backlink_monthly_domains
          WHERE site_id = $1 AND month = $2::date AND key_hash IS NOT NULL
          ORDER BY backlinks DESC, source_domain COLLATE "C" LIMIT $4`
      : ranking('backlink_daily_domains', 'source_domain');
    const [row] = await this.statements.query<{
      domains: Array<[string, number, boolean]>;
      targets: Array<[string, number]>;
    }>(
      `WITH domains AS (${domains}),
            targets AS (${ranking('backlink_daily_targets', 'target_url')})
       SELECT
         (SELECT coalesce(json_agg(json_build_array(t.key, t.n, NOT EXISTS (
                   SELECT 1 FROM backlink_daily_domains e
                    WHERE e.site_id = $1 AND e.key_hash = t.key_hash AND e.day < $2::date))
                   ORDER BY t.n DESC, t.key COLLATE "C"), '[]') FROM domains t) AS domains,
         (SELECT coalesce(json_agg(json_build_array(t.key, t.n) ORDER BY t.n DESC, t.key COLLATE "C"), '[]')
            FROM targets t) AS targets`,
      [siteId, period.from, period.to, top],
    );
    return {
      domains: row.domains.map(([domain, backlinks, firstSeen]) => ({
        domain,
        backlinks,
        firstSeen,
      })),
      targets: row.targets.map(([url, backlinks]) => ({ url, backlinks })),
    };
  }

  /** The first day with a dated article or backlink on any site of the account; null when none has one. */
  async earliestAccountDay(accountId: number): Promise<string | null> {
    const [row] = await this.statements.query<{ day: string | null }>(
      `SELECT to_char(LEAST(
                (SELECT min(day) FROM article_daily_counts WHERE site_id IN ${sitesOfAccount('$1')}),
                (SELECT min(day) FROM backlink_daily_counts WHERE site_id IN ${sitesOfAccount('$1')})), 'YYYY-MM-DD') AS day`,
      [accountId],
    );
    return row?.day ?? null;
  }

  /**
   * The counts of the given sites of the account (others are left out) in a
   * period and a comparison period, and the period's counts summed over
   * every site of the account: for a whole calendar month from the monthly
   * rollups (one index range, however many sites), else from the daily ones
   * (a probe per site).
   */
  async accountCounts(
    accountId: number,
    siteIds: number[],
    period: Days,
    comparison: Days | null,
  ): Promise<{ sites: SitePeriodCounts[]; totals: PeriodCounts }> {
    const counts = (site: string, from: string, to: string) =>
      `json_build_object(
         'articles', (SELECT coalesce(sum(articles), 0) FROM article_daily_counts
                       WHERE site_id = ${site} AND day BETWEEN ${from}::date AND ${to}::date)::int,
         'industry', (SELECT coalesce(sum(backlinks), 0) FROM backlink_daily_counts
                       WHERE site_id = ${site} AND day BETWEEN ${from}::date AND ${to}::date
                         AND category = 'industry')::int,
         'local', (SELECT coalesce(sum(backlinks), 0) FROM backlink_daily_counts
                    WHERE site_id = ${site} AND day BETWEEN ${from}::date AND ${to}::date
                      AND category = 'local')::int)`;
    const [row] = await this.statements.query<{
      sites: Array<{ id: number; current: PeriodCounts; previous: PeriodCounts | null }> | null;
      totals: PeriodCounts;
    }>(
      `SELECT
         (SELECT json_agg(json_build_object(
                   'id', s.id,
                   'current', ${counts('s.id', '$3', '$4')},
                   'previous', CASE WHEN $5::date IS NOT NULL THEN ${counts('s.id', '$5', '$6')} END)
                   ORDER BY s.id)
            FROM unnest($2::int[]) AS s(id) WHERE s.id IN ${sitesOfAccount('$1')}) AS sites,
         ${isWholeMonth(period) ? MONTH_TOTALS : PERIOD_TOTALS} AS totals`,
      [
        accountId,
        siteIds,
        period.from,
        period.to,
        comparison?.from ?? null,
        comparison?.to ?? null,
      ],
    );
    return {
      sites: (row.sites ?? []).map((site) => ({
        siteId: site.id,
        current: site.current,
        previous: site.previous,
      })),
      totals: row.totals,
    };
  }
}

/** Whether the days are one whole UTC calendar month: its first day to its last. */
export function isWholeMonth({ from, to }: Days): boolean {
  if (!from.endsWith('-01') || from.slice(0, 7) !== to.slice(0, 7)) return false;
  const [year, month] = from.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Number(to.slice(8, 10)) === lastDay;
}
