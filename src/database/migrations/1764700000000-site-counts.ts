import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Site totals: articles per site and status, backlinks per site and category.
 * A list without a day range takes its `meta.total` from these (a status is
 * one row), and the console its site totals, instead of summing the site's
 * daily rollup rows, which grow with its history (~2,500 for three years).
 *
 * - Kept by the daily rollups' triggers (migration DailyCounts): each
 *   rollup's `_add` now applies the statement's netted deltas to the daily
 *   rows, then, summed per site and key, to these, in the writing transaction;
 *   `_track` empties them on TRUNCATE. Every write path keeps both, and a
 *   statement whose deltas net to nothing per site and key (moving rows
 *   between days) writes no site row.
 * - As in the daily rollups: rows that fall to zero are deleted (found
 *   through a partial index), so a table holds exactly what a recount would;
 *   deltas are applied in key order, after the daily rows, so concurrent
 *   writers lock rollup rows in one order and cannot deadlock; no foreign key
 *   to `sites`; the unique index carries the count (index-only sums) and is
 *   `NULLS NOT DISTINCT`, so the NULL status is one row that `ON CONFLICT`
 *   finds.
 * - A site's row for a key is held by each transaction that changes that
 *   count until it commits: writers that add or remove rows of the same site
 *   and key queue there, as those of one day already did on its daily row.
 * - Writes wait for the migration (SHARE lock): one committed between the
 *   backfill and the new functions would reach the daily rows only.
 */
export class SiteCounts1764700000000 implements MigrationInterface {
  name = 'SiteCounts1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('SET LOCAL statement_timeout = 0');
    await q.query('LOCK TABLE articles, backlinks IN SHARE MODE');
    for (const rollup of ROLLUPS) {
      const { site, key, count } = rollup;
      await q.query(`
        CREATE TABLE ${site} (
          site_id integer NOT NULL,
          ${key} text${key === 'category' ? ' NOT NULL' : ''},
          ${count} integer NOT NULL
        )`);
      await q.query(`
        CREATE UNIQUE INDEX uq_${site} ON ${site} (site_id, ${key})
        INCLUDE (${count}) NULLS NOT DISTINCT`);
      await q.query(`CREATE INDEX ix_${site}_empty ON ${site} (site_id) WHERE ${count} = 0`);
      await q.query(addFunction(rollup, true));
      await q.query(trackFunction(rollup, true));
      await q.query(`
        INSERT INTO ${site} (site_id, ${key}, ${count})
        SELECT site_id, ${key}, sum(${count}) FROM ${rollup.daily} GROUP BY 1, 2`);
      await q.query(`ANALYZE ${site}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const rollup of ROLLUPS) {
      await q.query(addFunction(rollup, false));
      await q.query(trackFunction(rollup, false));
      await q.query(`DROP TABLE ${rollup.site}`);
    }
  }
}

interface Rollup {
  daily: string;
  site: string;
  date: string;
  key: string;
  count: string;
}

const ROLLUPS: Rollup[] = [
  {
    daily: 'article_daily_counts',
    site: 'article_site_counts',
    date: 'published_at',
    key: 'status',
    count: 'articles',
  },
  {
    daily: 'backlink_daily_counts',
    site: 'backlink_site_counts',
    date: 'acquired_at',
    key: 'category',
    count: 'backlinks',
  },
];

/**
 * Adds signed deltas to a rollup's daily rows and, with `siteRows`, to its
 * site rows, dropping the rows that reached zero. Without `siteRows` it is
 * the function of migration DailyCounts, which `down` restores.
 */
function addFunction({ daily, site, key, count }: Rollup, siteRows: boolean): string {
  const toSites = `
      INSERT INTO ${site} AS c (site_id, ${key}, ${count})
      SELECT site_id, ${key}, sum(delta)
        FROM unnest(sites, keys, deltas) AS d(site_id, ${key}, delta)
       GROUP BY site_id, ${key} HAVING sum(delta) <> 0
       ORDER BY site_id, ${key}
      ON CONFLICT (site_id, ${key}) DO UPDATE SET ${count} = c.${count} + EXCLUDED.${count};
      DELETE FROM ${site} WHERE ${count} = 0;`;
  return `
    CREATE OR REPLACE FUNCTION ${daily}_add(sites integer[], days date[], keys text[], deltas integer[])
    RETURNS void LANGUAGE sql AS $$
      INSERT INTO ${daily} AS c (site_id, day, ${key}, ${count})
      SELECT site_id, day, ${key}, delta
        FROM unnest(sites, days, keys, deltas) AS d(site_id, day, ${key}, delta)
       ORDER BY site_id, day, ${key}
      ON CONFLICT (site_id, day, ${key}) DO UPDATE SET ${count} = c.${count} + EXCLUDED.${count};
      DELETE FROM ${daily} WHERE ${count} = 0;${siteRows ? toSites : ''}
    $$`;
}

/**
 * The trigger function of a rollup, as in migration DailyCounts; with
 * `siteRows`, TRUNCATE empties the site rows as well as the daily ones.
 */
function trackFunction({ daily, site, date, key }: Rollup, siteRows: boolean): string {
  const grouped = (rows: string, sign: string) =>
    `SELECT site_id, (${date} AT TIME ZONE 'UTC')::date AS day, ${key}, ${sign}count(*)::int AS delta
       FROM ${rows} GROUP BY 1, 2, 3`;
  const apply = (net: string) =>
    `PERFORM ${daily}_add(array_agg(site_id), array_agg(day), array_agg(${key}), array_agg(delta))
       FROM (${net}) net HAVING count(*) > 0;`;
  return `
    CREATE OR REPLACE FUNCTION ${daily}_track() RETURNS trigger LANGUAGE plpgsql AS $$
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
        DELETE FROM ${daily};${siteRows ? `\n        DELETE FROM ${site};` : ''}
      END IF;
      RETURN NULL;
    END $$`;
}
