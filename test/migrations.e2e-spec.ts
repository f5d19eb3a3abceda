import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { runMigrations } from '../src/database/migrator.js';
import {
  adminQuery,
  assertTestDatabaseName,
  testServer,
  withDatabase,
} from './support/test-database.js';

/**
 * Migrations applied one at a time over a database that holds rows: each
 * `down` leaves the schema exactly as it was before its `up` (tables,
 * columns, indexes, constraints, functions, triggers, storage options), and
 * SiteCounts fills its tables from the rows already there.
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
      await runMigrations(partial);
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
      INSERT INTO backlinks (site_id, acquired_at, category)
      SELECT s.id, CASE WHEN n % 5 = 0 THEN NULL ELSE timestamptz '2024-01-01' + n * interval '5 hours' END,
             (ARRAY['industry', 'local'])[1 + n % 2]
        FROM sites s, generate_series(1, 60 * s.id) n`);
  }

  it('each down restores the schema before its up; SiteCounts counts the rows already there', async () => {
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

    for (let count = MIGRATIONS.length; count >= 1; count -= 1) {
      await db.undoLastMigration({ transaction: 'each' });
      expect({ undone: MIGRATIONS[count - 1].name, schema: await schema() }).toEqual({
        undone: MIGRATIONS[count - 1].name,
        schema: before[count],
      });
    }
  });
});
