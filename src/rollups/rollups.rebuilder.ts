import type { DataSource, EntityManager } from 'typeorm';
import { settleAfterBulkWrite } from '../database/after-bulk-write.js';

export interface RebuildResult {
  /** The site rebuilt, or null for every site. */
  site_id: number | null;
  /** Daily rows written. */
  article_rows: number;
  backlink_rows: number;
  /** Daily and site rows that differed from a fresh count: 0 unless something bypassed the triggers. */
  corrected_rows: number;
}

/**
 * Each rollup table and how it is counted from its source: the columns it is
 * keyed by after `site_id`, each with its expression over the source's rows.
 */
const ROLLUPS = [
  {
    table: 'article_daily_counts',
    source: 'articles',
    keys: { day: `(published_at AT TIME ZONE 'UTC')::date`, status: 'status' },
    count: 'articles',
  },
  {
    table: 'article_site_counts',
    source: 'articles',
    keys: { status: 'status' },
    count: 'articles',
  },
  {
    table: 'backlink_daily_counts',
    source: 'backlinks',
    keys: { day: `(acquired_at AT TIME ZONE 'UTC')::date`, category: 'category' },
    count: 'backlinks',
  },
  {
    table: 'backlink_site_counts',
    source: 'backlinks',
    keys: { category: 'category' },
    count: 'backlinks',
  },
] as const;

/**
 * Recounts the rollups (daily and site rows) from the rows themselves, for
 * one site or all. The triggers keep them exact; this is the repair for
 * anything that went around them (a restore with triggers disabled, a manual
 * fix), and reports how many rows it had to correct. The rows it rewrote are
 * vacuumed and analyzed after commit, like any bulk write's.
 */
export class RollupsRebuilder {
  constructor(private readonly dataSource: DataSource) {}

  async rebuild(siteId?: number): Promise<RebuildResult> {
    const result = await this.recount(siteId);
    await settleAfterBulkWrite(
      this.dataSource,
      ROLLUPS.map((rollup) => rollup.table),
    );
    return result;
  }

  private recount(siteId: number | undefined): Promise<RebuildResult> {
    return this.dataSource.transaction(async (manager) => {
      // Writers wait for the rebuild to commit (their triggers would race it); readers do not.
      await manager.query('LOCK TABLE articles, backlinks IN SHARE MODE');
      const [articleDays, articleSites, backlinkDays, backlinkSites] = [
        await this.rebuildOne(manager, ROLLUPS[0], siteId),
        await this.rebuildOne(manager, ROLLUPS[1], siteId),
        await this.rebuildOne(manager, ROLLUPS[2], siteId),
        await this.rebuildOne(manager, ROLLUPS[3], siteId),
      ];
      return {
        site_id: siteId ?? null,
        article_rows: articleDays.rows,
        backlink_rows: backlinkDays.rows,
        corrected_rows:
          articleDays.corrected +
          articleSites.corrected +
          backlinkDays.corrected +
          backlinkSites.corrected,
      };
    });
  }

  private async rebuildOne(
    manager: EntityManager,
    { table, source, keys, count }: (typeof ROLLUPS)[number],
    siteId: number | undefined,
  ): Promise<{ rows: number; corrected: number }> {
    const scope = siteId === undefined ? '' : 'WHERE site_id = $1';
    const params = siteId === undefined ? [] : [siteId];
    const columns = ['site_id', ...Object.keys(keys)].join(', ');
    const counted = ['site_id', ...Object.entries(keys).map(([name, sql]) => `${sql} AS ${name}`)];
    const grouping = counted.map((_, i) => i + 1).join(', ');
    const fresh = `SELECT ${counted.join(', ')}, count(*)::int AS n FROM ${source} ${scope} GROUP BY ${grouping}`;
    const current = `SELECT ${columns}, ${count} FROM ${table} ${scope}`;
    const [{ corrected }] = await manager.query<Array<{ corrected: number }>>(
      `SELECT count(*)::int AS corrected
         FROM (SELECT ${columns}
                 FROM ((${fresh} EXCEPT ${current}) UNION ALL (${current} EXCEPT ${fresh})) differing
                GROUP BY ${grouping}) keys`,
      params,
    );
    await manager.query(`DELETE FROM ${table} ${scope}`, params);
    const [{ rows }] = await manager.query<Array<{ rows: number }>>(
      `WITH written AS (INSERT INTO ${table} (${columns}, ${count}) ${fresh} RETURNING 1)
       SELECT count(*)::int AS rows FROM written`,
      params,
    );
    return { rows, corrected };
  }
}
