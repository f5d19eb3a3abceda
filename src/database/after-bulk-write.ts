import type { DataSource } from 'typeorm';

/**
 * Run by every bulk writer (the import, the demo data through it, the rollup
 * rebuild, any future sync) once its transaction has committed:
 * `VACUUM (ANALYZE)` of the tables it wrote, as their owners name them (the
 * owners' `*_TABLES`: the rollups through the triggers on their sources).
 *
 * Without it the first minutes after an import are the slowest the service
 * ever is: autovacuum has not yet run, so the planner still sees the tables
 * as they were (a new site of 20,000 articles estimated at a few dozen rows,
 * its whole list bitmap-scanned and sorted for every page instead of read in
 * index order), and the new pages are not in the visibility map, so the
 * index-only rollup sums and deep-page skips visit the table. VACUUM only
 * reads the pages changed since the last one, so its cost follows the size of
 * the write, not of the table. It cannot run inside a transaction, hence
 * after commit, on a connection of its own from the pool.
 */
export async function settleAfterBulkWrite(
  dataSource: DataSource,
  tables: readonly string[],
): Promise<void> {
  if (tables.length === 0) return;
  await dataSource.query(`VACUUM (ANALYZE) ${[...new Set(tables)].join(', ')}`);
}
