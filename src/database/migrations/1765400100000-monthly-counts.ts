import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Articles and backlinks per site and UTC calendar month, so that a whole
 * month's totals over every site of an account are one index range instead
 * of a probe into the daily rollups per site (the account report's totals:
 * 140 ms for 5,000 sites, measured by `npm run bench:scale`).
 *
 * - `article_monthly_counts`: articles by site, month of `published_at` and
 *   status; `backlink_monthly_counts`: backlinks by site, month of
 *   `acquired_at` and category. The month is its first day; rows without a
 *   date have a null month.
 * - Kept as the daily rollups are (migration DailyCounts): a statement-level
 *   trigger per event on the source, with transition tables; the
 *   statement's rows grouped by site, month and key, +1 per new row and -1
 *   per old one, netted, applied in key order, rows reaching zero deleted;
 *   TRUNCATE empties them.
 * - `ix_<table>_month`: the month's rows of every site, by site, with the
 *   count, so an account's month is an index-only range joined with its
 *   sites.
 * - Writes wait for the migration (SHARE lock), so the backfills and the
 *   triggers see the same rows.
 */
export class MonthlyCounts1765400100000 implements MigrationInterface {
  name = 'MonthlyCounts1765400100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('SET LOCAL statement_timeout = 0');
    await q.query('LOCK TABLE articles, backlinks IN SHARE MODE');
    for (const rollup of ROLLUPS) {
      const { table, source, date, key, count } = rollup;
      await q.query(`
        CREATE TABLE ${table} (
          site_id integer NOT NULL,
          month date,
          ${key} text,
          ${count} integer NOT NULL
        )`);
      await q.query(`
        CREATE UNIQUE INDEX uq_${table} ON ${table} (site_id, month, ${key})
          INCLUDE (${count}) NULLS NOT DISTINCT`);
      await q.query(
        `CREATE INDEX ix_${table}_month ON ${table} (month, site_id) INCLUDE (${count})`,
      );
      await q.query(`CREATE INDEX ix_${table}_empty ON ${table} (site_id) WHERE ${count} = 0`);
      await q.query(`
        CREATE FUNCTION ${table}_add(sites integer[], months date[], keys text[], deltas integer[])
        RETURNS void LANGUAGE sql AS $$
          INSERT INTO ${table} AS c (site_id, month, ${key}, ${count})
          SELECT site_id, month, key, delta
            FROM unnest(sites, months, keys, deltas) AS d(site_id, month, key, delta)
           ORDER BY site_id, month, key
          ON CONFLICT (site_id, month, ${key}) DO UPDATE SET ${count} = c.${count} + EXCLUDED.${count};
          DELETE FROM ${table} WHERE ${count} = 0;
        $$`);
      await q.query(trackFunction(rollup));
      const track = `EXECUTE FUNCTION ${table}_track()`;
      await q.query(`
        CREATE TRIGGER tr_${table}_insert AFTER INSERT ON ${source}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT ${track}`);
      await q.query(`
        CREATE TRIGGER tr_${table}_update AFTER UPDATE ON ${source}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT ${track}`);
      await q.query(`
        CREATE TRIGGER tr_${table}_delete AFTER DELETE ON ${source}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT ${track}`);
      await q.query(`
        CREATE TRIGGER tr_${table}_truncate AFTER TRUNCATE ON ${source}
        FOR EACH STATEMENT ${track}`);
      await q.query(`
        INSERT INTO ${table} (site_id, month, ${key}, ${count})
        SELECT site_id, date_trunc('month', ${date} AT TIME ZONE 'UTC')::date, ${key}, count(*)
          FROM ${source} GROUP BY 1, 2, 3`);
      await q.query(`ANALYZE ${table}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { table, source } of [...ROLLUPS].reverse()) {
      for (const event of ['insert', 'update', 'delete', 'truncate']) {
        await q.query(`DROP TRIGGER tr_${table}_${event} ON ${source}`);
      }
      await q.query(`DROP FUNCTION ${table}_track()`);
      await q.query(`DROP FUNCTION ${table}_add(integer[], date[], text[], integer[])`);
      await q.query(`DROP TABLE ${table}`);
    }
  }
}

interface MonthlyRollup {
  table: string;
  source: string;
  date: string;
  key: string;
  count: string;
}

const ROLLUPS: MonthlyRollup[] = [
  {
    table: 'article_monthly_counts',
    source: 'articles',
    date: 'published_at',
    key: 'status',
    count: 'articles',
  },
  {
    table: 'backlink_monthly_counts',
    source: 'backlinks',
    date: 'acquired_at',
    key: 'category',
    count: 'backlinks',
  },
];

/** The trigger function of one monthly rollup: the statement's rows grouped, netted and applied. */
function trackFunction({ table, date, key }: MonthlyRollup): string {
  const grouped = (rows: string, sign: string) =>
    `SELECT site_id, date_trunc('month', ${date} AT TIME ZONE 'UTC')::date AS month,
            ${key} AS key, ${sign}count(*)::int AS delta
       FROM ${rows} GROUP BY 1, 2, 3`;
  const apply = (net: string) =>
    `PERFORM ${table}_add(array_agg(site_id), array_agg(month), array_agg(key), array_agg(delta))
       FROM (${net}) net HAVING count(*) > 0;`;
  return `
    CREATE FUNCTION ${table}_track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${apply(grouped('new_rows', ''))}
      ELSIF TG_OP = 'DELETE' THEN
        ${apply(grouped('old_rows', '-'))}
      ELSIF TG_OP = 'UPDATE' THEN
        ${apply(`SELECT site_id, month, key, sum(delta)::int AS delta
                   FROM (${grouped('new_rows', '')} UNION ALL ${grouped('old_rows', '-')}) changed
                  GROUP BY 1, 2, 3 HAVING sum(delta) <> 0`)}
      ELSE
        DELETE FROM ${table};
      END IF;
      RETURN NULL;
    END $$`;
}
