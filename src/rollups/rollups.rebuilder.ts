import type { DataSource, EntityManager } from 'typeorm';
import { settleAfterBulkWrite } from '../database/after-bulk-write.js';

export interface RebuildResult {
  /** The site rebuilt, or null for every site. */
  site_id: number | null;
  article_rows: number;
  backlink_rows: number;
  /** Rollup rows that differed from a fresh count: 0 unless something bypassed the triggers. */
  corrected_rows: number;
}

/** Each rollup and how it is counted from its source table. */
const ROLLUPS = [
  {
    table: 'article_daily_counts',
    source: 'articles',
    date: 'published_at',
    key: 'status',
    count: 'articles',
  },
  {
    table: 'backlink_daily_counts',
    source: 'backlinks',
    date: 'acquired_at',
    key: 'category',
    count: 'backlinks',
  },
] as const;

/**
 * Recounts the daily rollups from the rows themselves, for one site or all.
 * The triggers keep them exact; this is the repair for anything that went
 * around them (a restore with triggers disabled, a manual fix), and reports
 * how many rows it had to correct. The rows it rewrote are vacuumed and
 * analyzed after commit, like any bulk write's.
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
      const [articles, backlinks] = [
        await this.rebuildOne(manager, ROLLUPS[0], siteId),
        await this.rebuildOne(manager, ROLLUPS[1], siteId),
      ];
      return {
        site_id: siteId ?? null,
        article_rows: articles.rows,
        backlink_rows: backlinks.rows,
        corrected_rows: articles.corrected + backlinks.corrected,
      };
    });
  }

  private async rebuildOne(
    manager: EntityManager,
    { table, source, date, key, count }: (typeof ROLLUPS)[number],
    siteId: number | undefined,
  ): Promise<{ rows: number; corrected: number }> {
    const scope = siteId === undefined ? '' : 'WHERE site_id = $1';
    const params = siteId === undefined ? [] : [siteId];
    const fresh = `SELECT site_id, (${date} AT TIME ZONE 'UTC')::date AS day, ${key}, count(*)::int AS n
                     FROM ${source} ${scope} GROUP BY 1, 2, 3`;
    const current = `SELECT site_id, day, ${key}, ${count} FROM ${table} ${scope}`;
    const [{ corrected }] = await manager.query<Array<{ corrected: number }>>(
      `SELECT count(*)::int AS corrected
         FROM (SELECT site_id, day, ${key}
                 FROM ((${fresh} EXCEPT ${current}) UNION ALL (${current} EXCEPT ${fresh})) differing
                GROUP BY 1, 2, 3) keys`,
      params,
    );
    await manager.query(`DELETE FROM ${table} ${scope}`, params);
    const [{ rows }] = await manager.query<Array<{ rows: number }>>(
      `WITH written AS (INSERT INTO ${table} (site_id, day, ${key}, ${count}) ${fresh} RETURNING 1)
       SELECT count(*)::int AS rows FROM written`,
      params,
    );
    return { rows, corrected };
  }
}
