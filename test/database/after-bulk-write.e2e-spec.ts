import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { runCli } from '../../src/cli/main.js';
import { PreparedStatements } from '../../src/database/prepared-statements.js';
import { seedAccount, seedSite } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/** The daily and site rollups, which the triggers fill during a bulk write. */
const ROLLUP_TABLES = [
  'article_daily_counts',
  'backlink_daily_counts',
  'article_site_counts',
  'backlink_site_counts',
];

/**
 * Right after a bulk write the service must read as fast as after any amount
 * of maintenance: the import and the rollup rebuild leave the planner
 * statistics and visibility maps of what they wrote, and the large tables
 * carry autovacuum settings that follow rows added rather than a share of
 * the table.
 */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Heap Fetches'?: number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

describe('after a bulk write', () => {
  let t: TestApp;
  let folder: string;

  beforeAll(async () => {
    t = await createTestApp();
    folder = mkdtempSync(join(tmpdir(), 'content-api-bulk-'));
  });
  afterAll(() => t.close());

  async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const run = { code: 0, stdout: '', stderr: '' };
    run.code = await runCli(args, {
      env: { LOG_LEVEL: 'silent', DATABASE_URL: t.databaseUrl, DATA_DIR: folder },
      stdout: (text) => (run.stdout += text),
      stderr: (text) => (run.stderr += text),
    });
    return run;
  }

  async function databaseNow(): Promise<Date> {
    const [{ now }] = await t.db.query('SELECT now()');
    return now as Date;
  }

  /** Whether `table` was analyzed and vacuumed (by hand, not by autovacuum) since `since`. */
  async function maintainedSince(table: string, since: Date) {
    const [row] = await t.db.query(
      `SELECT coalesce(last_analyze >= $2, false) AS analyzed,
              coalesce(last_vacuum >= $2, false) AS vacuumed
         FROM pg_stat_user_tables WHERE relname = $1`,
      [table, since],
    );
    return { table, ...(row as { analyzed: boolean; vacuumed: boolean }) };
  }

  /** The plan of a list's first page, as the service asks for it. */
  async function firstPagePlan(table: string, date: string, siteId: number): Promise<string> {
    const [{ 'QUERY PLAN': plan }] = await t.db.query(
      `EXPLAIN (FORMAT JSON) SELECT * FROM ${table} x WHERE x.site_id = $1
        ORDER BY x.${date} DESC NULLS LAST, x.id DESC LIMIT 100 OFFSET 0`,
      [siteId],
    );
    return JSON.stringify(plan);
  }

  /** The statements the service's prepared reads send to answer `path`. */
  async function statementsFor(path: string, key: string): Promise<Array<[string, unknown[]]>> {
    const statements = t.app.get(PreparedStatements);
    const query = statements.query.bind(statements);
    const sent: Array<[string, unknown[]]> = [];
    statements.query = (text, values) => {
      sent.push([text, [...values]]);
      return query(text, values);
    };
    try {
      await request(t.http).get(path).set('Authorization', `Bearer ${key}`).expect(200);
    } finally {
      statements.query = query;
    }
    return sent;
  }

  /**
   * The plan nodes that ran for a statement under EXPLAIN ANALYZE: planned
   * for its values, or generic, as a prepared statement is once PostgreSQL
   * keeps its plan.
   */
  async function nodesRun(sql: string, values: unknown[], generic: boolean): Promise<PlanNode[]> {
    const runner = t.db.createQueryRunner();
    try {
      await runner.query(
        `SET plan_cache_mode = ${generic ? 'force_generic_plan' : 'force_custom_plan'}`,
      );
      await runner.query(`PREPARE planned AS ${sql}`);
      const literals = values.map((v) => (typeof v === 'number' ? String(v) : `'${String(v)}'`));
      const [{ 'QUERY PLAN': plan }] = await runner.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE planned(${literals.join(', ')})`,
      );
      await runner.query('DEALLOCATE planned');
      await runner.query('RESET plan_cache_mode');
      const nodes: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        nodes.push(node);
        node.Plans?.forEach(walk);
      };
      walk((plan as Array<{ Plan: PlanNode }>)[0].Plan);
      return nodes.filter((node) => node['Actual Loops'] > 0);
    } finally {
      await runner.release();
    }
  }

  function siteDocument(articles: number, backlinks: number) {
    return {
      sites: [
        {
          ref: 'imported',
          name: 'Imported site',
          articles: Array.from({ length: articles }, (_, i) => ({
            ref: `a-${i}`,
            title: `Article ${i}`,
            status: i % 5 === 0 ? 'draft' : 'published',
            published_at: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
            body: `<p>Article ${i} ${'word '.repeat(20)}</p>`,
          })),
          backlinks: Array.from({ length: backlinks }, (_, i) => ({
            ref: `b-${i}`,
            acquired_at: new Date(Date.UTC(2024, 0, 1) + i * 600_000).toISOString(),
            source_domain: `source${i % 400}.example`,
            category: i % 3 === 0 ? 'local' : 'industry',
          })),
        },
      ],
    };
  }

  it('the large tables are analyzed and vacuumed by rows added, not after a fifth of the table', async () => {
    const rows = await t.db.query(
      // The learning log is partitioned by month: its partitions carry the settings.
      `SELECT relname, reloptions FROM pg_class
        WHERE (relname = ANY($1) AND relkind = 'r')
           OR oid = (SELECT inhrelid FROM pg_inherits
                      WHERE inhparent = 'learning_log'::regclass LIMIT 1)
        ORDER BY relname`,
      [
        [
          'articles',
          'article_revisions',
          'backlinks',
          'article_daily_counts',
          'backlink_daily_counts',
          'learning_log',
        ],
      ],
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.reloptions).toEqual(
        expect.arrayContaining([
          'autovacuum_analyze_scale_factor=0.01',
          'autovacuum_analyze_threshold=1000',
          'autovacuum_vacuum_insert_scale_factor=0.02',
          'autovacuum_vacuum_insert_threshold=1000',
          'autovacuum_vacuum_scale_factor=0.05',
          'autovacuum_vacuum_threshold=1000',
        ]),
      );
    }
  });

  it('`content-api import` leaves the tables analyzed, and the first page is read in index order at once', async () => {
    // An account that already had a small site, its statistics taken: what the planner knew before.
    const { accountId, key } = await seedAccount(t.db);
    const small = await seedSite(t.db, accountId, { name: 'Small' });
    await t.db.query(
      `INSERT INTO articles (site_id, title, status, published_at, body)
       SELECT $1, 'Old ' || n, 'published', now() - n * interval '1 day', '<p>x</p>'
         FROM generate_series(1, 200) n`,
      [small],
    );
    await t.db.query('ANALYZE articles, backlinks');

    const before = await databaseNow();
    const file = join(folder, 'site.json');
    writeFileSync(file, JSON.stringify(siteDocument(4_000, 30_000)));
    const run = await cli(['import', '--account', String(accountId), file, '--json']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({ sites: 1, articles: 4_000, backlinks: 30_000 });

    for (const table of ['articles', 'article_revisions', 'backlinks', ...ROLLUP_TABLES]) {
      expect(await maintainedSince(table, before)).toEqual({
        table,
        analyzed: true,
        vacuumed: true,
      });
    }

    const [{ id: siteId }] = await t.db.query(
      `SELECT id FROM sites WHERE account_id = $1 AND ref = 'imported'`,
      [accountId],
    );
    const articlesPlan = await firstPagePlan('articles', 'published_at', siteId);
    expect(articlesPlan).toContain('"Index Name":"ix_articles_site_published"');
    expect(articlesPlan).not.toContain('"Node Type":"Sort"');
    const backlinksPlan = await firstPagePlan('backlinks', 'acquired_at', siteId);
    expect(backlinksPlan).toContain('"Index Name":"ix_backlinks_site_acquired"');
    expect(backlinksPlan).not.toContain('"Node Type":"Sort"');

    const page = await request(t.http)
      .get(`/api/v1/sites/${siteId}/articles?per_page=100`)
      .set('Authorization', `Bearer ${key}`)
      .expect(200);
    expect(page.body.meta.total).toBe(4_000);
    expect(page.body.data[0].title).toBe('Article 3999');

    // The service's own statement for pages near the start: read from the covering index alone.
    for (const query of ['per_page=100', 'per_page=100&page=4', 'per_page=50&from=2024-01-10']) {
      const [[sql, values], ...more] = await statementsFor(
        `/api/v1/sites/${siteId}/articles?${query}`,
        key,
      );
      expect(more).toEqual([]);
      for (const generic of [false, true]) {
        const ran = await nodesRun(sql, values, generic);
        const articleScans = ran
          .filter((node) => node['Relation Name'] === 'articles')
          .map((node) => [node['Node Type'], node['Index Name'], node['Heap Fetches']]);
        expect({ query, generic, articleScans }).toEqual({
          query,
          generic,
          articleScans: expect.arrayContaining([
            ['Index Only Scan', 'ix_articles_site_listed', 0],
          ]) as unknown,
        });
        expect(articleScans.filter(([type]) => type !== 'Index Only Scan')).toEqual([]);
        expect(ran.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
      }
    }
  });

  it('`content-api rollups rebuild` leaves the rollups vacuumed and analyzed', async () => {
    const before = await databaseNow();
    const run = await cli(['rollups', 'rebuild', '--json']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    for (const table of ROLLUP_TABLES) {
      expect(await maintainedSince(table, before)).toEqual({
        table,
        analyzed: true,
        vacuumed: true,
      });
    }
  });
});
