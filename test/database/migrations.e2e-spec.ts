import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { runMigrations } from '../../src/database/migrator.js';
import { migrateJobQueueSchema } from '../../src/jobs/job-queue-schema.js';
import {
  adminQuery,
  assertTestDatabaseName,
  testServer,
  withDatabase,
} from '../support/test-database.js';

/**
 * Migrations applied one at a time over a database that holds rows: each
 * `down` leaves the schema exactly as it was before its `up` (tables,
 * columns, indexes, constraints, functions, triggers, storage options),
 * SiteCounts, ReportRollups, MonthlyDomains and MonthlyCounts fill their
 * tables from the rows already there, and LearningLogByMonth moves the log's rows into their months and
 * back.
 */
describe('migrations', () => {
  const name = `content_api_test_migrations_${process.pid}`;
  let url: string;
  let db: DataSource;

  beforeAll(async () => {
    assertTestDatabaseName(name);
    await adminQuery(`CREATE DATABASE ${name}`);
    url = withDatabase(testServer().adminUrl, name);
    db = await new DataSource(dataSourceOptions(url)).initialize();
  });
  afterAll(async () => {
    await db?.destroy();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  /** Applies the first `count` migrations (those not applied yet). */
  async function migrateTo(count: number): Promise<void> {
    const partial = new DataSource({
      ...dataSourceOptions(url),
      migrations: MIGRATIONS.slice(0, count),
    });
    await partial.initialize();
    try {
      await runMigrations(partial, [migrateJobQueueSchema]);
    } finally {
      await partial.destroy();
    }
  }

  /** The schema as sorted lines of definitions, TypeORM's own `migrations` table aside. */
  async function schema(): Promise<string[]> {
    const rows = await db.query<Array<{ line: string }>>(`
      SELECT format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable,
                    column_default) AS line
        FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> 'migrations'
      UNION ALL
      SELECT format('index %s', indexdef) FROM pg_indexes
       WHERE schemaname = 'public' AND tablename <> 'migrations'
      UNION ALL
      SELECT format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
        FROM pg_constraint
       WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> 'migrations'
      UNION ALL
      SELECT format('function %s', regexp_replace(pg_get_functiondef(oid), '\\s+', ' ', 'g'))
        FROM pg_proc WHERE pronamespace = 'public'::regnamespace
      UNION ALL
      SELECT format('trigger %s', pg_get_triggerdef(oid)) FROM pg_trigger WHERE NOT tgisinternal
      UNION ALL
      SELECT format('options %s %s', relname, reloptions) FROM pg_class
       WHERE relnamespace = 'public'::regnamespace AND reloptions IS NOT NULL`);
    return rows.map((row) => row.line).sort();
  }

  /** Rows of two sites, dated and undated, under several statuses and both categories. */
  async function seedRows(): Promise<void> {
    await db.query(`INSERT INTO accounts (name, plan) VALUES ('Migrated', 'agency')`);
    await db.query(`INSERT INTO sites (account_id, name)
                    SELECT id, 'Site ' || n FROM accounts, generate_series(1, 2) n`);
    await db.query(`
      INSERT INTO articles (site_id, status, published_at, body)
      SELECT s.id, (ARRAY['draft', 'published', NULL])[1 + n % 3],
             CASE WHEN n % 7 = 0 THEN NULL ELSE timestamptz '2024-01-01' + n * interval '9 hours' END,
             '<p>Article</p>'
        FROM sites s, generate_series(1, 40 * s.id) n`);
    await db.query(`
      INSERT INTO backlinks (site_id, acquired_at, category, anchor_type, status, source_domain, target_url)
      SELECT s.id, CASE WHEN n % 5 = 0 THEN NULL ELSE timestamptz '2024-01-01' + n * interval '5 hours' END,
             (ARRAY['industry', 'local'])[1 + n % 2], (ARRAY['exact', 'branded', NULL])[1 + n % 3],
             (ARRAY['live', 'lost'])[1 + n % 2], 'source-' || n % 7 || '.example',
             (ARRAY['https://s.example/', NULL])[1 + n % 2]
        FROM sites s, generate_series(1, 60 * s.id) n`);
    await db.query(`
      INSERT INTO article_revisions (article_id, number, body, origin, actor, created_at)
      SELECT id, 1, 'x', (ARRAY['api', 'mcp', 'editor', 'rewrite'])[1 + id % 4],
             CASE WHEN id % 3 = 0 THEN 'import' END, timestamptz '2024-02-28' + id * interval '7 hours'
        FROM articles`);
    await db.query(`
      INSERT INTO learning_log (id, occurred_at, channel, status, duration_ms, request_id)
      SELECT gen_random_uuid(), at, 'api', 200, 1, 'seeded'
        FROM unnest(ARRAY[timestamptz '2019-03-15 12:00Z', '2024-01-01 00:00Z', '2024-01-20 10:00Z',
                          '2024-01-31 23:59:59.999Z', '2024-02-01 00:00Z', '2024-02-29 08:00Z', now()]) AS at`);
  }

  /** Month partitions as LearningLogByMonth names them: learning_log_y2026m05. */
  function monthPartition(date: Date): string {
    const month = String(date.getUTCMonth() + 1).padStart(2, '0');
    return `learning_log_y${date.getUTCFullYear()}m${month}`;
  }

  it('each down restores the schema before its up; SiteCounts counts the rows already there; the log moves into months and back', async () => {
    const siteCounts = MIGRATIONS.findIndex(
      (migration) => migration.name === 'SiteCounts1764700000000',
    );
    expect(siteCounts).toBeGreaterThan(0);

    // before[n]: the schema before the n-th migration's up.
    const before: string[][] = [];
    for (let count = 1; count <= MIGRATIONS.length; count += 1) {
      if (count === siteCounts + 1) await seedRows();
      before[count] = await schema();
      await migrateTo(count);
    }

    const [counted] = await db.query(`
      WITH a_fresh AS (SELECT site_id, status, count(*)::int AS n FROM articles GROUP BY 1, 2),
           a_kept AS (SELECT site_id, status, articles AS n FROM article_site_counts),
           b_fresh AS (SELECT site_id, category, count(*)::int AS n FROM backlinks GROUP BY 1, 2),
           b_kept AS (SELECT site_id, category, backlinks AS n FROM backlink_site_counts)
      SELECT (SELECT count(*) FROM a_kept)::int AS article_rows,
             (SELECT count(*) FROM b_kept)::int AS backlink_rows,
             (SELECT count(*) FROM ((TABLE a_fresh EXCEPT TABLE a_kept) UNION ALL (TABLE a_kept EXCEPT TABLE a_fresh)) d)::int AS article_drift,
             (SELECT count(*) FROM ((TABLE b_fresh EXCEPT TABLE b_kept) UNION ALL (TABLE b_kept EXCEPT TABLE b_fresh)) d)::int AS backlink_drift`);
    expect(counted).toEqual({
      article_rows: 6,
      backlink_rows: 4,
      article_drift: 0,
      backlink_drift: 0,
    });

    // ReportRollups gave each revision its site, and counted the rows already there.
    const [reported] = await db.query(`
      WITH fresh AS (
        SELECT 'anchor' AS t, site_id, (acquired_at AT TIME ZONE 'UTC')::date AS day, anchor_type AS key, count(*)::int AS n FROM backlinks GROUP BY 1, 2, 3, 4
        UNION ALL SELECT 'status', site_id, (acquired_at AT TIME ZONE 'UTC')::date, status, count(*)::int FROM backlinks GROUP BY 1, 2, 3, 4
        UNION ALL SELECT 'domain', site_id, (acquired_at AT TIME ZONE 'UTC')::date, source_domain, count(*)::int FROM backlinks GROUP BY 1, 2, 3, 4
        UNION ALL SELECT 'target', site_id, (acquired_at AT TIME ZONE 'UTC')::date, target_url, count(*)::int FROM backlinks GROUP BY 1, 2, 3, 4
        UNION ALL SELECT 'edit', a.site_id, (r.created_at AT TIME ZONE 'UTC')::date, r.origin, count(*)::int
                    FROM article_revisions r JOIN articles a ON a.id = r.article_id
                   WHERE r.actor IS DISTINCT FROM 'import' GROUP BY 1, 2, 3, 4),
      kept AS (
        SELECT 'anchor' AS t, site_id, day, anchor_type AS key, backlinks AS n FROM backlink_daily_anchor_types
        UNION ALL SELECT 'status', site_id, day, status, backlinks FROM backlink_daily_statuses
        UNION ALL SELECT 'domain', site_id, day, source_domain, backlinks FROM backlink_daily_domains
        UNION ALL SELECT 'target', site_id, day, target_url, backlinks FROM backlink_daily_targets
        UNION ALL SELECT 'edit', site_id, day, origin, revisions FROM revision_daily_counts)
      SELECT (SELECT count(*) FROM kept)::int AS rows,
             (SELECT count(*) FROM ((TABLE fresh EXCEPT TABLE kept) UNION ALL (TABLE kept EXCEPT TABLE fresh)) d)::int AS drift,
             (SELECT count(*) FROM article_revisions r JOIN articles a ON a.id = r.article_id
               WHERE r.site_id IS DISTINCT FROM a.site_id)::int AS misplaced`);
    expect(reported.rows).toBeGreaterThan(100);
    expect(reported).toMatchObject({ drift: 0, misplaced: 0 });

    // MonthlyDomains counted the backlinks already there by month and domain.
    const [monthly] = await db.query(`
      WITH fresh AS (SELECT site_id, date_trunc('month', acquired_at AT TIME ZONE 'UTC')::date AS month,
                            source_domain, count(*)::int AS n FROM backlinks GROUP BY 1, 2, 3),
           kept AS (SELECT site_id, month, source_domain, backlinks AS n FROM backlink_monthly_domains)
      SELECT (SELECT count(*) FROM kept)::int AS rows,
             (SELECT count(*) FROM ((TABLE fresh EXCEPT TABLE kept) UNION ALL (TABLE kept EXCEPT TABLE fresh)) d)::int AS drift`);
    expect(monthly.rows).toBeGreaterThan(0);
    expect(monthly.drift).toBe(0);

    // MonthlyCounts counted the articles and backlinks already there by month and status or category.
    const [monthlyCounts] = await db.query(`
      WITH fresh AS (
        SELECT 'article' AS t, site_id, date_trunc('month', published_at AT TIME ZONE 'UTC')::date AS month,
               status AS key, count(*)::int AS n FROM articles GROUP BY 1, 2, 3, 4
        UNION ALL
        SELECT 'backlink', site_id, date_trunc('month', acquired_at AT TIME ZONE 'UTC')::date,
               category, count(*)::int FROM backlinks GROUP BY 1, 2, 3, 4),
      kept AS (
        SELECT 'article' AS t, site_id, month, status AS key, articles AS n FROM article_monthly_counts
        UNION ALL SELECT 'backlink', site_id, month, category, backlinks FROM backlink_monthly_counts)
      SELECT (SELECT count(*) FROM kept WHERE t = 'article')::int AS article_rows,
             (SELECT count(*) FROM kept WHERE t = 'backlink')::int AS backlink_rows,
             (SELECT count(*) FROM ((TABLE fresh EXCEPT TABLE kept) UNION ALL (TABLE kept EXCEPT TABLE fresh)) d)::int AS drift`);
    expect(monthlyCounts.article_rows).toBeGreaterThan(0);
    expect(monthlyCounts.backlink_rows).toBeGreaterThan(0);
    expect(monthlyCounts.drift).toBe(0);

    // LearningLogByMonth moved the log's rows into the partitions of their months (UTC), and made
    // the current month's, the next three and a default one.
    const now = new Date();
    const current = monthPartition(now);
    const placed = await db.query(`
      SELECT tableoid::regclass::text AS partition, count(*)::int AS rows
        FROM learning_log WHERE request_id = 'seeded' GROUP BY 1 ORDER BY 1`);
    expect(placed).toEqual(
      [
        { partition: 'learning_log_y2019m03', rows: 1 },
        { partition: 'learning_log_y2024m01', rows: 3 },
        { partition: 'learning_log_y2024m02', rows: 2 },
        { partition: current, rows: 1 },
      ].sort((a, b) => a.partition.localeCompare(b.partition)),
    );
    const partitions = await db.query<Array<{ name: string }>>(`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'learning_log'::regclass ORDER BY 1`);
    const ahead = [1, 2, 3].map((n) =>
      monthPartition(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1))),
    );
    expect(partitions.map((p) => p.name)).toEqual(
      [
        'learning_log_default',
        'learning_log_y2019m03',
        'learning_log_y2024m01',
        'learning_log_y2024m02',
        current,
        ...ahead,
      ].sort(),
    );

    for (let count = MIGRATIONS.length; count >= 1; count -= 1) {
      await db.undoLastMigration({ transaction: 'each' });
      expect({ undone: MIGRATIONS[count - 1].name, schema: await schema() }).toEqual({
        undone: MIGRATIONS[count - 1].name,
        schema: before[count],
      });
      if (MIGRATIONS[count - 1].name === 'LearningLogByMonth1764800000000') {
        const [kept] = await db.query(
          `SELECT count(*)::int AS rows FROM ONLY learning_log WHERE request_id = 'seeded'`,
        );
        expect(kept).toEqual({ rows: 7 });
      }
    }
  });
});
