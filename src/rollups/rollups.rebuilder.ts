import type { DataSource, EntityManager } from 'typeorm';
import { settleAfterBulkWrite } from '../database/index.js';
import type { RollupSource } from './rollup-source.js';
import { ROLLUPS, type RollupName } from './rollup-tables.js';

export interface RebuildResult {
  /** The site rebuilt, or null for every site. */
  site_id: number | null;
  /** Daily rows written. */
  article_rows: number;
  backlink_rows: number;
  /** Rows of the report's rollups (backlinks by day and anchor type, status, domain, target; articles and backlinks by month and status or category, backlinks by month and domain; edits by day). */
  report_rows: number;
  /** Rows that differed from a fresh count (revisions' sites included): 0 unless something bypassed the triggers. */
  corrected_rows: number;
}

/** The report's rollups: every one but the daily and site counts of articles and backlinks. */
const REPORT_TABLES = new Set(ROLLUPS.slice(4).map((rollup) => rollup.table));

/**
 * Recounts the rollups (daily and site rows) from the rows themselves, for
 * one site or all. The triggers keep them exact; this is the repair for
 * anything that went around them (a restore with triggers disabled, a manual
 * fix), and reports how many rows it had to correct. The rows it rewrote are
 * vacuumed and analyzed after commit, like any bulk write's. The counted
 * rows are read through their owners' RollupSource.
 */
export class RollupsRebuilder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sources: Record<RollupName, RollupSource>,
  ) {}

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
      const sources = Object.values(this.sources);
      for (const source of sources) await source.lock(manager);
      let repaired = 0;
      for (const source of sources) repaired += (await source.repair?.(manager, siteId)) ?? 0;
      const rebuilt: Array<{ table: string; rows: number; corrected: number }> = [];
      for (const rollup of ROLLUPS) {
        rebuilt.push({ ...rollup, ...(await this.rebuildOne(manager, rollup, siteId)) });
      }
      const rows = (table: string) => rebuilt.find((one) => one.table === table)?.rows ?? 0;
      return {
        site_id: siteId ?? null,
        article_rows: rows('article_daily_counts'),
        backlink_rows: rows('backlink_daily_counts'),
        report_rows: rebuilt
          .filter((one) => REPORT_TABLES.has(one.table))
          .reduce((sum, one) => sum + one.rows, 0),
        corrected_rows: rebuilt.reduce((sum, one) => sum + one.corrected, repaired),
      };
    });
  }

  private async rebuildOne(
    manager: EntityManager,
    { table, rollup, keys, count }: (typeof ROLLUPS)[number],
    siteId: number | undefined,
  ): Promise<{ rows: number; corrected: number }> {
    const oneSite = siteId !== undefined;
    const scope = oneSite ? 'WHERE site_id = $1' : '';
    const params = oneSite ? [siteId] : [];
    const columns = ['site_id', ...keys].join(', ');
    const grouping = ['site_id', ...keys].map((_, i) => i + 1).join(', ');
    const fresh = this.sources[rollup].counts(keys, { oneSite });
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
