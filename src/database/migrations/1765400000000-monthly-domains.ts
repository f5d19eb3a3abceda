import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `backlink_monthly_domains`: backlinks per site, UTC calendar month of
 * `acquired_at` (its first day) and source domain, so that the top referring
 * domains of a whole month are the first rows of one index instead of a sum
 * over the month's daily rows (on the bench's large site, 27,000 daily rows
 * of 15,000 domains summed and sorted for every monthly report).
 *
 * - Kept as the daily rollups are (migration ReportRollups): a
 *   statement-level trigger per event on `backlinks` with transition tables;
 *   the statement's rows grouped by site, month and domain, +1 per new row
 *   and -1 per old one, netted, applied in key order, rows reaching zero
 *   deleted; TRUNCATE empties it.
 * - Unique on the domain's MD5 (`key_hash`), as the daily table, since a
 *   domain is free text of any length; `NULLS NOT DISTINCT` makes the null
 *   domain one row, and the backlinks without `acquired_at` one month.
 * - `ix_backlink_monthly_domains_top`: a month's rows by count, largest
 *   first, so that the ranking reads the top rows and sorts only the ties
 *   (incremental sort) by domain.
 * - Writes wait for the migration (SHARE lock), so the backfill and the
 *   trigger see the same rows.
 */
export class MonthlyDomains1765400000000 implements MigrationInterface {
  name = 'MonthlyDomains1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('SET LOCAL statement_timeout = 0');
    await q.query('LOCK TABLE backlinks IN SHARE MODE');
    await q.query(`
      CREATE TABLE backlink_monthly_domains (
        site_id integer NOT NULL,
        month date,
        source_domain text,
        key_hash uuid GENERATED ALWAYS AS (md5(source_domain)::uuid) STORED,
        backlinks integer NOT NULL
      )`);
    await q.query(`
      CREATE UNIQUE INDEX uq_backlink_monthly_domains
        ON backlink_monthly_domains (site_id, month, key_hash) INCLUDE (backlinks) NULLS NOT DISTINCT`);
    await q.query(`
      CREATE INDEX ix_backlink_monthly_domains_top
        ON backlink_monthly_domains (site_id, month, backlinks DESC)`);
    await q.query(`
      CREATE INDEX ix_backlink_monthly_domains_empty
        ON backlink_monthly_domains (site_id) WHERE backlinks = 0`);
    await q.query(`
      CREATE FUNCTION backlink_monthly_domains_add(sites integer[], months date[], keys text[], deltas integer[])
      RETURNS void LANGUAGE sql AS $$
        INSERT INTO backlink_monthly_domains AS c (site_id, month, source_domain, backlinks)
        SELECT site_id, month, source_domain, delta
          FROM unnest(sites, months, keys, deltas) AS d(site_id, month, source_domain, delta)
         ORDER BY site_id, month, md5(source_domain)::uuid
        ON CONFLICT (site_id, month, key_hash) DO UPDATE SET backlinks = c.backlinks + EXCLUDED.backlinks;
        DELETE FROM backlink_monthly_domains WHERE backlinks = 0;
      $$`);
    const grouped = (rows: string, sign: string) =>
      `SELECT site_id, date_trunc('month', acquired_at AT TIME ZONE 'UTC')::date AS month,
              source_domain AS key, ${sign}count(*)::int AS delta
         FROM ${rows} GROUP BY 1, 2, 3`;
    const apply = (net: string) =>
      `PERFORM backlink_monthly_domains_add(array_agg(site_id), array_agg(month), array_agg(key), array_agg(delta))
         FROM (${net}) net HAVING count(*) > 0;`;
    await q.query(`
      CREATE FUNCTION backlinks_monthly_track() RETURNS trigger LANGUAGE plpgsql AS $$
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
          DELETE FROM backlink_monthly_domains;
        END IF;
        RETURN NULL;
      END $$`);
    const track = 'EXECUTE FUNCTION backlinks_monthly_track()';
    await q.query(`
      CREATE TRIGGER tr_backlinks_monthly_insert AFTER INSERT ON backlinks
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT ${track}`);
    await q.query(`
      CREATE TRIGGER tr_backlinks_monthly_update AFTER UPDATE ON backlinks
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT ${track}`);
    await q.query(`
      CREATE TRIGGER tr_backlinks_monthly_delete AFTER DELETE ON backlinks
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT ${track}`);
    await q.query(`
      CREATE TRIGGER tr_backlinks_monthly_truncate AFTER TRUNCATE ON backlinks
      FOR EACH STATEMENT ${track}`);
    await q.query(`
      INSERT INTO backlink_monthly_domains (site_id, month, source_domain, backlinks)
      SELECT site_id, date_trunc('month', acquired_at AT TIME ZONE 'UTC')::date, source_domain, count(*)
        FROM backlinks GROUP BY 1, 2, 3`);
    await q.query(`ANALYZE backlink_monthly_domains`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await q.query(`DROP TRIGGER tr_backlinks_monthly_${event} ON backlinks`);
    }
    await q.query(`DROP FUNCTION backlinks_monthly_track()`);
    await q.query(
      `DROP FUNCTION backlink_monthly_domains_add(integer[], date[], text[], integer[])`,
    );
    await q.query(`DROP TABLE backlink_monthly_domains`);
  }
}
