import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The monthly report's rollups: what a site report breaks down, by site and
 * UTC day, so that a month's report sums at most a few rows per day and key
 * instead of reading the month's backlinks.
 *
 * - `backlink_daily_anchor_types`, `backlink_daily_statuses`,
 *   `backlink_daily_domains`, `backlink_daily_targets`: backlinks per site,
 *   day of `acquired_at` and anchor type, status, source domain or target
 *   URL. `backlink_daily_domains` also has an index by domain and day, so
 *   whether a domain linked to the site before a period is one index probe.
 * - `revision_daily_counts`: article revisions per site, day of `created_at`
 *   and origin, leaving out those an import made (`actor = 'import'`): the
 *   edits made for the client.
 * - Kept exactly as the daily counts are (migration DailyCounts): one
 *   statement-level trigger per event on the source, with transition tables;
 *   each rollup gets the statement's rows grouped by its key, +1 per new row
 *   and -1 per old one, netted, applied in key order (concurrent writers lock
 *   rollup rows in one order), rows reaching zero deleted (found through a
 *   partial index); TRUNCATE empties them. A statement that changes none of
 *   a rollup's keys writes nothing to it.
 * - The keys are free text of any length (a URL, an anchor type someone
 *   imported): a B-tree entry cannot hold a long one, so each table's unique
 *   index is on the key's MD5 (`key_hash`, a stored generated column), not
 *   on the key itself. `NULLS NOT DISTINCT` makes the NULL key one row.
 * - A revision's site: `article_revisions.site_id`, set from its article by
 *   a trigger before each insert, and moved with the article when the
 *   article moves to another site. A site's revisions are then counted by
 *   the revisions' own transition tables, also when a site's deletion
 *   cascades to them after its articles are gone.
 * - `ix_articles_site_url`: the site's article whose `url` is a linked
 *   page's, found by the URL's MD5 (URLs can be longer than an index entry).
 * - Writes wait for the migration (SHARE lock), so the backfills and the
 *   triggers see the same rows.
 */
export class ReportRollups1764900000000 implements MigrationInterface {
  name = 'ReportRollups1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('SET LOCAL statement_timeout = 0');
    await q.query('LOCK TABLE articles, article_revisions, backlinks IN SHARE MODE');

    await q.query(`ALTER TABLE article_revisions ADD COLUMN site_id integer`);
    await q.query(`
      UPDATE article_revisions r SET site_id = a.site_id FROM articles a WHERE a.id = r.article_id`);
    await q.query(`ALTER TABLE article_revisions ALTER COLUMN site_id SET NOT NULL`);
    await q.query(`
      CREATE FUNCTION article_revisions_site() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.site_id := (SELECT site_id FROM articles WHERE id = NEW.article_id);
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER tr_article_revisions_site BEFORE INSERT OR UPDATE OF article_id, site_id
      ON article_revisions FOR EACH ROW EXECUTE FUNCTION article_revisions_site()`);
    await q.query(`
      CREATE FUNCTION articles_move_revisions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE article_revisions SET site_id = NEW.site_id WHERE article_id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER tr_articles_move_revisions AFTER UPDATE OF site_id ON articles
      FOR EACH ROW WHEN (OLD.site_id IS DISTINCT FROM NEW.site_id)
      EXECUTE FUNCTION articles_move_revisions()`);

    await q.query(`
      CREATE INDEX ix_articles_site_url ON articles (site_id, (md5(url)::uuid)) WHERE url IS NOT NULL`);

    for (const rollup of ROLLUPS) {
      const { table, key, count } = rollup;
      await q.query(`
        CREATE TABLE ${table} (
          site_id integer NOT NULL,
          day date,
          ${key} text,
          key_hash uuid GENERATED ALWAYS AS (md5(${key})::uuid) STORED,
          ${count} integer NOT NULL
        )`);
      await q.query(`
        CREATE UNIQUE INDEX uq_${table} ON ${table} (site_id, day DESC NULLS LAST, key_hash)
        INCLUDE (${count}) NULLS NOT DISTINCT`);
      await q.query(`CREATE INDEX ix_${table}_empty ON ${table} (site_id) WHERE ${count} = 0`);
      await q.query(addFunction(rollup));
    }
    await q.query(`
      CREATE INDEX ix_backlink_daily_domains_first ON backlink_daily_domains (site_id, key_hash, day)`);

    for (const source of SOURCES) {
      await q.query(trackFunction(source));
      const track = `EXECUTE FUNCTION ${source.table}_report_track()`;
      const trigger = `tr_${source.table}_report_counts`;
      await q.query(`
        CREATE TRIGGER ${trigger}_insert AFTER INSERT ON ${source.table}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT ${track}`);
      await q.query(`
        CREATE TRIGGER ${trigger}_update AFTER UPDATE ON ${source.table}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT ${track}`);
      await q.query(`
        CREATE TRIGGER ${trigger}_delete AFTER DELETE ON ${source.table}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT ${track}`);
      await q.query(`
        CREATE TRIGGER ${trigger}_truncate AFTER TRUNCATE ON ${source.table}
        FOR EACH STATEMENT ${track}`);
      for (const rollup of rollupsOf(source)) {
        await q.query(`
          INSERT INTO ${rollup.table} (site_id, day, ${rollup.key}, ${rollup.count})
          SELECT site_id, (${source.date} AT TIME ZONE 'UTC')::date, ${rollup.key}, count(*)
            FROM ${source.table} WHERE ${source.counted} GROUP BY 1, 2, 3`);
        await q.query(`ANALYZE ${rollup.table}`);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const source of SOURCES) {
      for (const event of ['insert', 'update', 'delete', 'truncate']) {
        await q.query(`DROP TRIGGER tr_${source.table}_report_counts_${event} ON ${source.table}`);
      }
      await q.query(`DROP FUNCTION ${source.table}_report_track()`);
    }
    for (const rollup of ROLLUPS) {
      await q.query(`DROP FUNCTION ${rollup.table}_add(integer[], date[], text[], integer[])`);
      await q.query(`DROP TABLE ${rollup.table}`);
    }
    await q.query(`DROP INDEX ix_articles_site_url`);
    await q.query(`DROP TRIGGER tr_articles_move_revisions ON articles`);
    await q.query(`DROP FUNCTION articles_move_revisions()`);
    await q.query(`DROP TRIGGER tr_article_revisions_site ON article_revisions`);
    await q.query(`DROP FUNCTION article_revisions_site()`);
    await q.query(`ALTER TABLE article_revisions DROP COLUMN site_id`);
  }
}

interface Source {
  table: string;
  date: string;
  /** Which of its rows are counted. */
  counted: string;
}

interface Rollup {
  table: string;
  source: string;
  key: string;
  count: string;
}

const SOURCES: Source[] = [
  { table: 'backlinks', date: 'acquired_at', counted: 'TRUE' },
  { table: 'article_revisions', date: 'created_at', counted: `actor IS DISTINCT FROM 'import'` },
];

const ROLLUPS: Rollup[] = [
  {
    table: 'backlink_daily_anchor_types',
    source: 'backlinks',
    key: 'anchor_type',
    count: 'backlinks',
  },
  { table: 'backlink_daily_statuses', source: 'backlinks', key: 'status', count: 'backlinks' },
  {
    table: 'backlink_daily_domains',
    source: 'backlinks',
    key: 'source_domain',
    count: 'backlinks',
  },
  { table: 'backlink_daily_targets', source: 'backlinks', key: 'target_url', count: 'backlinks' },
  {
    table: 'revision_daily_counts',
    source: 'article_revisions',
    key: 'origin',
    count: 'revisions',
  },
];

function rollupsOf(source: Source): Rollup[] {
  return ROLLUPS.filter((rollup) => rollup.source === source.table);
}

/** Adds signed deltas to a rollup, in key order, then drops the rows that reached zero. */
function addFunction({ table, key, count }: Rollup): string {
  return `
    CREATE FUNCTION ${table}_add(sites integer[], days date[], keys text[], deltas integer[])
    RETURNS void LANGUAGE sql AS $$
      INSERT INTO ${table} AS c (site_id, day, ${key}, ${count})
      SELECT site_id, day, ${key}, delta
        FROM unnest(sites, days, keys, deltas) AS d(site_id, day, ${key}, delta)
       ORDER BY site_id, day, md5(${key})::uuid
      ON CONFLICT (site_id, day, key_hash) DO UPDATE SET ${count} = c.${count} + EXCLUDED.${count};
      DELETE FROM ${table} WHERE ${count} = 0;
    $$`;
}

/**
 * The trigger function of a source: for each of its rollups, the statement's
 * counted rows grouped by site, day and key, +1 for each new row and -1 for
 * each old one, netted, and the non-zero deltas applied.
 */
function trackFunction(source: Source): string {
  const grouped = (rollup: Rollup, rows: string, sign: string) =>
    `SELECT site_id, (${source.date} AT TIME ZONE 'UTC')::date AS day, ${rollup.key} AS key,
            ${sign}count(*)::int AS delta
       FROM ${rows} WHERE ${source.counted} GROUP BY 1, 2, 3`;
  const apply = (rollup: Rollup, net: string) =>
    `PERFORM ${rollup.table}_add(array_agg(site_id), array_agg(day), array_agg(key), array_agg(delta))
       FROM (${net}) net HAVING count(*) > 0;`;
  const each = (step: (rollup: Rollup) => string) => rollupsOf(source).map(step).join('\n        ');
  return `
    CREATE FUNCTION ${source.table}_report_track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${each((r) => apply(r, grouped(r, 'new_rows', '')))}
      ELSIF TG_OP = 'DELETE' THEN
        ${each((r) => apply(r, grouped(r, 'old_rows', '-')))}
      ELSIF TG_OP = 'UPDATE' THEN
        ${each((r) =>
          apply(
            r,
            `SELECT site_id, day, key, sum(delta)::int AS delta
               FROM (${grouped(r, 'new_rows', '')} UNION ALL ${grouped(r, 'old_rows', '-')}) changed
              GROUP BY 1, 2, 3 HAVING sum(delta) <> 0`,
          ),
        )}
      ELSE
        ${each((r) => `DELETE FROM ${r.table};`)}
      END IF;
      RETURN NULL;
    END $$`;
}
