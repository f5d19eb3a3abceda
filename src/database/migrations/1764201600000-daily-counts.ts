import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Daily rollups: articles per site, UTC day of `published_at` and status;
 * backlinks per site, UTC day of `acquired_at` and category. A NULL day is the
 * bucket of undated rows. They serve every list's `meta.total`, every stat
 * and the page boundaries of deep pages without scanning the site's rows.
 *
 * - Kept by statement-level triggers with transition tables on `articles` and
 *   `backlinks`, so every write path (import, edits, restores, deletes, a
 *   site's cascade, direct SQL, whatever comes next) updates them in its own
 *   transaction, and a bulk statement costs one grouped upsert, not one per
 *   row. TRUNCATE empties them.
 * - A statement that nets to no change (an edit of title or body) writes
 *   nothing. Rows that fall to zero are deleted (found through a partial
 *   index), so a rollup holds exactly what a rebuild would.
 * - Deltas are applied in key order, so concurrent writers lock shared rollup
 *   rows in the same order and cannot deadlock on them.
 * - No foreign key to `sites`: a site's deletion cascades to its rows, whose
 *   trigger then empties its rollup rows; a key checked against the
 *   already-deleted site would fail that cascade.
 * - The unique index is in list order (newest day first, undated last) and
 *   carries the count, so a site's sums are index-only scans; `NULLS NOT
 *   DISTINCT` (PostgreSQL 15+) makes the undated bucket one row that
 *   `ON CONFLICT` finds.
 */
export class DailyCounts1764201600000 implements MigrationInterface {
  name = 'DailyCounts1764201600000';

  async up(q: QueryRunner): Promise<void> {
    // The backfill reads every article and backlink: on a large database it outlasts the
    // service's statement timeout, which must not abort a migration.
    await q.query('SET LOCAL statement_timeout = 0');
    for (const rollup of ROLLUPS) {
      await q.query(`
        CREATE TABLE ${rollup.table} (
          site_id integer NOT NULL,
          day date,
          ${rollup.key} text${rollup.key === 'category' ? ' NOT NULL' : ''},
          ${rollup.count} integer NOT NULL
        )`);
      await q.query(`
        CREATE UNIQUE INDEX uq_${rollup.table} ON ${rollup.table} (site_id, day DESC NULLS LAST, ${rollup.key})
        INCLUDE (${rollup.count}) NULLS NOT DISTINCT`);
      await q.query(
        `CREATE INDEX ix_${rollup.table}_empty ON ${rollup.table} (site_id) WHERE ${rollup.count} = 0`,
      );
      await q.query(addFunction(rollup));
      await q.query(trackFunction(rollup));
      const track = `EXECUTE FUNCTION ${rollup.table}_track()`;
      const trigger = `tr_${rollup.source}_daily_counts`;
      await q.query(`
        CREATE TRIGGER ${trigger}_insert AFTER INSERT ON ${rollup.source}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT ${track}`);
      await q.query(`
        CREATE TRIGGER ${trigger}_update AFTER UPDATE ON ${rollup.source}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT ${track}`);
      await q.query(`
        CREATE TRIGGER ${trigger}_delete AFTER DELETE ON ${rollup.source}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT ${track}`);
      await q.query(`
        CREATE TRIGGER ${trigger}_truncate AFTER TRUNCATE ON ${rollup.source}
        FOR EACH STATEMENT ${track}`);
      await q.query(`
        INSERT INTO ${rollup.table} (site_id, day, ${rollup.key}, ${rollup.count})
        SELECT site_id, (${rollup.date} AT TIME ZONE 'UTC')::date, ${rollup.key}, count(*)
          FROM ${rollup.source} GROUP BY 1, 2, 3`);
      await q.query(`ANALYZE ${rollup.table}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const rollup of ROLLUPS) {
      for (const event of ['insert', 'update', 'delete', 'truncate']) {
        await q.query(`DROP TRIGGER tr_${rollup.source}_daily_counts_${event} ON ${rollup.source}`);
      }
      await q.query(`DROP FUNCTION ${rollup.table}_track()`);
      await q.query(`DROP FUNCTION ${rollup.table}_add(integer[], date[], text[], integer[])`);
      await q.query(`DROP TABLE ${rollup.table}`);
    }
  }
}

interface Rollup {
  table: string;
  source: string;
  date: string;
  key: string;
  count: string;
}

const ROLLUPS: Rollup[] = [
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
];

/** Adds signed deltas to a rollup, then drops the rows that reached zero. */
function addFunction({ table, key, count }: Rollup): string {
  return `
    CREATE FUNCTION ${table}_add(sites integer[], days date[], keys text[], deltas integer[])
    RETURNS void LANGUAGE sql AS $$
      INSERT INTO ${table} AS c (site_id, day, ${key}, ${count})
      SELECT site_id, day, ${key}, delta
        FROM unnest(sites, days, keys, deltas) AS d(site_id, day, ${key}, delta)
       ORDER BY site_id, day, ${key}
      ON CONFLICT (site_id, day, ${key}) DO UPDATE SET ${count} = c.${count} + EXCLUDED.${count};
      DELETE FROM ${table} WHERE ${count} = 0;
    $$`;
}

/**
 * The trigger function of a rollup: the statement's rows grouped by key, +1
 * for each new row and -1 for each old one, netted, and the non-zero deltas
 * applied. Each operation reads only the transition tables it has.
 */
function trackFunction({ table, date, key }: Rollup): string {
  const grouped = (rows: string, sign: string) =>
    `SELECT site_id, (${date} AT TIME ZONE 'UTC')::date AS day, ${key}, ${sign}count(*)::int AS delta
       FROM ${rows} GROUP BY 1, 2, 3`;
  const apply = (net: string) =>
    `PERFORM ${table}_add(array_agg(site_id), array_agg(day), array_agg(${key}), array_agg(delta))
       FROM (${net}) net HAVING count(*) > 0;`;
  return `
    CREATE FUNCTION ${table}_track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${apply(grouped('new_rows', ''))}
      ELSIF TG_OP = 'DELETE' THEN
        ${apply(grouped('old_rows', '-'))}
      ELSIF TG_OP = 'UPDATE' THEN
        ${apply(`SELECT site_id, day, ${key}, sum(delta)::int AS delta
                   FROM (${grouped('new_rows', '')} UNION ALL ${grouped('old_rows', '-')}) changed
                  GROUP BY 1, 2, 3 HAVING sum(delta) <> 0`)}
      ELSE
        DELETE FROM ${table};
      END IF;
      RETURN NULL;
    END $$`;
}
