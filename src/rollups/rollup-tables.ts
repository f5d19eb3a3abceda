/** Whose rows a rollup counts: each is provided by the rows' owner (RollupSource). */
export type RollupName = 'articles' | 'backlinks' | 'revisions';

/**
 * The rollup tables: what each counts, by which keys after `site_id`, into
 * which column. Migrations DailyCounts, SiteCounts, ReportRollups,
 * MonthlyDomains and MonthlyCounts made them; triggers on the counted rows' tables keep them.
 */
export const ROLLUPS: ReadonlyArray<{
  table: string;
  rollup: RollupName;
  keys: readonly string[];
  count: string;
}> = [
  { table: 'article_daily_counts', rollup: 'articles', keys: ['day', 'status'], count: 'articles' },
  { table: 'article_site_counts', rollup: 'articles', keys: ['status'], count: 'articles' },
  {
    table: 'backlink_daily_counts',
    rollup: 'backlinks',
    keys: ['day', 'category'],
    count: 'backlinks',
  },
  { table: 'backlink_site_counts', rollup: 'backlinks', keys: ['category'], count: 'backlinks' },
  {
    table: 'article_monthly_counts',
    rollup: 'articles',
    keys: ['month', 'status'],
    count: 'articles',
  },
  {
    table: 'backlink_monthly_counts',
    rollup: 'backlinks',
    keys: ['month', 'category'],
    count: 'backlinks',
  },
  {
    table: 'backlink_daily_anchor_types',
    rollup: 'backlinks',
    keys: ['day', 'anchor_type'],
    count: 'backlinks',
  },
  {
    table: 'backlink_daily_statuses',
    rollup: 'backlinks',
    keys: ['day', 'status'],
    count: 'backlinks',
  },
  {
    table: 'backlink_daily_domains',
    rollup: 'backlinks',
    keys: ['day', 'source_domain'],
    count: 'backlinks',
  },
  {
    table: 'backlink_monthly_domains',
    rollup: 'backlinks',
    keys: ['month', 'source_domain'],
    count: 'backlinks',
  },
  {
    table: 'backlink_daily_targets',
    rollup: 'backlinks',
    keys: ['day', 'target_url'],
    count: 'backlinks',
  },
  {
    table: 'revision_daily_counts',
    rollup: 'revisions',
    keys: ['day', 'origin'],
    count: 'revisions',
  },
];

/**
 * The rollups a list pages by (ListPager): one row per site, day and key,
 * and one per site and key for the total of a whole list.
 */
export const LIST_ROLLUPS = {
  articles: { daily: 'article_daily_counts', site: 'article_site_counts', count: 'articles' },
  backlinks: { daily: 'backlink_daily_counts', site: 'backlink_site_counts', count: 'backlinks' },
} as const;

export type ListRollup = keyof typeof LIST_ROLLUPS;

/**
 * The tables a bulk write of a rollup's rows fills through the triggers, for
 * settleAfterBulkWrite.
 */
export const ROLLUP_TABLES: Record<RollupName, readonly string[]> = {
  articles: ROLLUPS.filter((r) => r.rollup === 'articles').map((r) => r.table),
  backlinks: ROLLUPS.filter((r) => r.rollup === 'backlinks').map((r) => r.table),
  revisions: ROLLUPS.filter((r) => r.rollup === 'revisions').map((r) => r.table),
};
