import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Autovacuum by rows added, not by share of the table, on the tables that
 * grow in bulk.
 *
 * PostgreSQL's defaults analyze a table after 10 % of it changed and vacuum
 * it after 20 % (inserts: 20 % as well). On a table of 1,000,000 backlinks an
 * import of 150,000 more is never analyzed, so the planner keeps estimating
 * the new site at a handful of rows and sorts its whole list for every page;
 * and the pages it added stay out of the visibility map, so the index-only
 * rollup sums and deep-page skips visit the table. Here a table is analyzed
 * once about 1 % of it (at least 1,000 rows) changed, and vacuumed once 2 %
 * were added or 5 % updated or deleted. The bulk writers (the import, the
 * rollup rebuild) also analyze what they wrote right after commit; these
 * settings cover everything else that writes, and plain SQL.
 */
export class AutovacuumAfterInserts1764600000000 implements MigrationInterface {
  name = 'AutovacuumAfterInserts1764600000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of BULK_TABLES) {
      await q.query(`
        ALTER TABLE ${table} SET (
          autovacuum_analyze_scale_factor = 0.01,
          autovacuum_analyze_threshold = 1000,
          autovacuum_vacuum_insert_scale_factor = 0.02,
          autovacuum_vacuum_insert_threshold = 1000,
          autovacuum_vacuum_scale_factor = 0.05,
          autovacuum_vacuum_threshold = 1000
        )`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of BULK_TABLES) {
      await q.query(`
        ALTER TABLE ${table} RESET (
          autovacuum_analyze_scale_factor,
          autovacuum_analyze_threshold,
          autovacuum_vacuum_insert_scale_factor,
          autovacuum_vacuum_insert_threshold,
          autovacuum_vacuum_scale_factor,
          autovacuum_vacuum_threshold
        )`);
    }
  }
}

/** The tables that reach millions of rows: the lists, their rollups, revisions and the log. */
const BULK_TABLES = [
  'articles',
  'article_revisions',
  'backlinks',
  'article_daily_counts',
  'backlink_daily_counts',
  'learning_log',
];
