import fc from 'fast-check';
import request from 'supertest';
import { runCli } from '../../src/cli/main.js';
import { ImportService } from '../../src/import/import.service.js';
import { seedAccount, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/**
 * Every list total, every stat and every page comes from the rollups kept by
 * triggers: the daily rows, and the site rows for a list without a day
 * range; the report's breakdowns, rankings and edits from the report's
 * rollups. Here they are compared with a direct count(*) over the rows after
 * random sequences of writes through every path: the import, API edits, and
 * plain SQL inserts, updates, deletes and moves between sites.
 */
const DAY_MS = 86_400_000;
const WINDOW_START = Date.parse('2024-01-01T00:00:00Z');
const WINDOW_DAYS = 60;
const STATUSES = ['draft', 'published', 'scheduled', 'unpublished', null] as const;
const REPORT_TABLES = [
  'backlink_daily_anchor_types',
  'backlink_daily_statuses',
  'backlink_daily_domains',
  'backlink_daily_targets',
];
const CATEGORIES = ['industry', 'local'] as const;

/** Day ranges of the checks, inside and around the window the writes use. */
const RANGES: Array<{ from?: string; to?: string }> = [
  {},
  { from: '2024-01-01', to: '2024-01-31' },
  { from: '2024-01-15', to: '2024-01-15' },
  { from: '2024-02-01' },
  { to: '2024-01-20' },
  { from: '2023-12-01', to: '2024-12-31' },
];

/** An instant in the window: the edges of days often, anywhere in a day otherwise, sometimes none. */
const instant: fc.Arbitrary<string | null> = fc.oneof(
  fc.constant(null),
  fc
    .tuple(fc.integer({ min: 0, max: WINDOW_DAYS - 1 }), fc.constantFrom(0, 1, 43_200, 86_399))
    .map(([d, s]) => new Date(WINDOW_START + d * DAY_MS + s * 1000).toISOString()),
  fc
    .integer({ min: 0, max: WINDOW_DAYS * 86_400 - 1 })
    .map((s) => new Date(WINDOW_START + s * 1000).toISOString()),
);

type Operation =
  | {
      kind: 'import';
      site: number;
      articles: Array<{ ref: string; status: string | null; at: string | null }>;
      backlinks: Array<{ ref: string; category: string; at: string | null }>;
    }
  | { kind: 'insert'; table: 'articles' | 'backlinks'; site: number; rows: Array<string | null> }
  | {
      kind: 'redate';
      table: 'articles' | 'backlinks';
      site: number;
      every: number;
      at: string | null;
    }
  | { kind: 'restatus'; site: number; every: number; status: string | null }
  | { kind: 'delete'; table: 'articles' | 'backlinks'; site: number; every: number }
  | { kind: 'move'; table: 'articles' | 'backlinks'; from: number; every: number }
  | { kind: 'edit'; site: number; pick: number }
  | { kind: 'rekey'; site: number; every: number; salt: number }
  | { kind: 'revise'; site: number; every: number; at: string | null; imported: boolean };

const site = fc.integer({ min: 0, max: 1 });
const every = fc.integer({ min: 1, max: 5 });
const table = fc.constantFrom('articles' as const, 'backlinks' as const);
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('import' as const),
    site,
    articles: fc.array(
      fc.record({
        ref: fc.integer({ min: 1, max: 15 }).map((n) => `a${n}`),
        status: fc.constantFrom(...STATUSES),
        at: instant,
      }),
      { maxLength: 8 },
    ),
    backlinks: fc.array(
      fc.record({
        ref: fc.integer({ min: 1, max: 15 }).map((n) => `b${n}`),
        category: fc.constantFrom(...CATEGORIES),
        at: instant,
      }),
      { maxLength: 8 },
    ),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    table,
    site,
    rows: fc.array(instant, { minLength: 1, maxLength: 12 }),
  }),
  fc.record({ kind: fc.constant('redate' as const), table, site, every, at: instant }),
  fc.record({
    kind: fc.constant('restatus' as const),
    site,
    every,
    status: fc.constantFrom(...STATUSES),
  }),
  fc.record({ kind: fc.constant('delete' as const), table, site, every }),
  fc.record({ kind: fc.constant('move' as const), table, from: site, every }),
  fc.record({ kind: fc.constant('edit' as const), site, pick: fc.nat() }),
  fc.record({ kind: fc.constant('rekey' as const), site, every, salt: fc.nat({ max: 7 }) }),
  fc.record({
    kind: fc.constant('revise' as const),
    site,
    every,
    at: instant,
    imported: fc.boolean(),
  }),
);

/** The backlink columns the report breaks down and ranks by, from small pools (null included). */
const REPORT_KEYS = `(ARRAY['exact','branded','generic',NULL])[1 + (n + $3) % 4],
  (ARRAY['live','lost',NULL])[1 + (n + $3) % 3],
  (ARRAY['a.example','b.example',NULL])[1 + (n + $3) % 3],
  (ARRAY['https://s.example/','https://s.example/x',NULL])[1 + (n * 7 + $3) % 3]`;

describe('list totals and stats equal a direct count(*)', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let sites: number[];
  let edits = 0;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', EDIT_LIMIT_PER_DAY: '1000000' });
    owner = await seedAccount(t.db);
    sites = [
      await seedSite(t.db, owner.accountId, { ref: 'site-a', name: 'A' }),
      await seedSite(t.db, owner.accountId, { ref: 'site-b', name: 'B' }),
    ];
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string) =>
    request(t.http).get(path).set('Authorization', `Bearer ${owner.key}`).expect(200);

  async function apply(op: Operation): Promise<void> {
    switch (op.kind) {
      case 'import': {
        const document = {
          sites: [
            {
              ref: op.site === 0 ? 'site-a' : 'site-b',
              name: op.site === 0 ? 'A' : 'B',
              articles: op.articles.map((a) => ({
                ref: a.ref,
                status: a.status,
                published_at: a.at?.replace(/\.\d{3}Z$/, 'Z') ?? null,
                body: `<p>Article ${a.ref}</p>`,
              })),
              backlinks: op.backlinks.map((b) => ({
                ref: b.ref,
                category: b.category,
                acquired_at: b.at?.replace(/\.\d{3}Z$/, 'Z') ?? null,
              })),
            },
          ],
        };
        // A ref repeated within one document is the import's own business; keep the last.
        document.sites[0].articles = [
          ...new Map(document.sites[0].articles.map((a) => [a.ref, a])).values(),
        ];
        document.sites[0].backlinks = [
          ...new Map(document.sites[0].backlinks.map((b) => [b.ref, b])).values(),
        ];
        await t.app.get(ImportService).importText(owner.accountId, [JSON.stringify(document)]);
        return;
      }
      case 'insert':
        if (op.table === 'articles') {
          await t.db.query(
            `INSERT INTO articles (site_id, status, published_at, body)
             SELECT $1, (ARRAY['draft','published',NULL])[1 + n % 3], at, '<p>Inserted</p>'
               FROM unnest($2::timestamptz[]) WITH ORDINALITY AS u(at, n)`,
            [sites[op.site], op.rows],
          );
        } else {
          await t.db.query(
            `INSERT INTO backlinks (site_id, acquired_at, category,
                                    anchor_type, status, source_domain, target_url)
             SELECT $1, at, (ARRAY['industry','local'])[1 + n % 2], ${REPORT_KEYS}
               FROM unnest($2::timestamptz[]) WITH ORDINALITY AS u(at, n)`,
            [sites[op.site], op.rows, op.rows.length],
          );
        }
        return;
      case 'redate': {
        const column = op.table === 'articles' ? 'published_at' : 'acquired_at';
        await t.db.query(
          `UPDATE ${op.table} SET ${column} = $2 WHERE site_id = $1 AND id % $3 = 0`,
          [sites[op.site], op.at, op.every],
        );
        return;
      }
      case 'restatus':
        await t.db.query(
          `UPDATE articles SET status = $2 WHERE site_id = $1 AND id % ($3 + 1) = 1`,
          [sites[op.site], op.status, op.every],
        );
        return;
      case 'delete':
        await t.db.query(`DELETE FROM ${op.table} WHERE site_id = $1 AND id % $2 = 0`, [
          sites[op.site],
          op.every + 1,
        ]);
        return;
      case 'move':
        // Rows without a ref, so the import's (site_id, ref) uniqueness is not in play.
        await t.db.query(
          `UPDATE ${op.table} SET site_id = $2 WHERE site_id = $1 AND ref IS NULL AND id % $3 = 0`,
          [sites[op.from], sites[1 - op.from], op.every],
        );
        return;
      case 'rekey':
        await t.db.query(
          `UPDATE backlinks b SET (anchor_type, status, source_domain, target_url) = (
             SELECT ${REPORT_KEYS} FROM (SELECT b.id AS n) k)
            WHERE site_id = $1 AND id % $2 = 0`,
          [sites[op.site], op.every, op.salt],
        );
        return;
      case 'revise':
        await t.db.query(
          `INSERT INTO article_revisions (article_id, number, body, origin, actor, created_at)
           SELECT id, 1 + (SELECT coalesce(max(number), 0) FROM article_revisions r WHERE r.article_id = a.id),
                  '<p>Revised</p>', (ARRAY['api','mcp','editor','rewrite'])[1 + id % 4], $4,
                  coalesce($3::timestamptz, now())
             FROM articles a WHERE site_id = $1 AND id % $2 = 0`,
          [sites[op.site], op.every, op.at, op.imported ? 'import' : null],
        );
        return;
      case 'edit': {
        const ids: Array<{ id: number }> = await t.db.query(
          `SELECT id FROM articles WHERE site_id = $1 ORDER BY id`,
          [sites[op.site]],
        );
        if (ids.length === 0) return;
        const id = ids[op.pick % ids.length].id;
        edits += 1;
        await request(t.http)
          .put(`/api/v1/articles/${id}`)
          .set('Authorization', `Bearer ${owner.key}`)
          .send({ title: `Edited ${edits}`, body: `<p>Edit number ${edits}</p>` })
          .expect(200);
        return;
      }
    }
  }

  /** The direct count, with the day bounds computed here as instants. */
  async function direct(
    tableName: 'articles' | 'backlinks',
    siteId: number,
    range: { from?: string; to?: string },
    extra: { status?: string; category?: string } = {},
  ): Promise<number> {
    const column = tableName === 'articles' ? 'published_at' : 'acquired_at';
    const params: unknown[] = [siteId];
    const clauses = ['site_id = $1'];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      clauses.push(clause.replace('?', `$${params.length}`));
    };
    if (range.from) add(`${column} >= ?`, `${range.from}T00:00:00Z`);
    if (range.to) add(`${column} < ?`, new Date(Date.parse(range.to) + DAY_MS).toISOString());
    if (extra.status !== undefined) add('status = ?', extra.status);
    if (extra.category !== undefined) add('category = ?', extra.category);
    const [row] = await t.db.query(
      `SELECT count(*)::int AS n FROM ${tableName} WHERE ${clauses.join(' AND ')}`,
      params,
    );
    return row.n;
  }

  async function expectConsistent(): Promise<void> {
    for (const siteId of sites) {
      for (const range of RANGES) {
        const query = new URLSearchParams({ per_page: '1', ...range }).toString();
        for (const status of [undefined, 'draft', 'published', 'unpublished']) {
          const withStatus = status === undefined ? query : `${query}&status=${status}`;
          const articles = await get(`/api/v1/sites/${siteId}/articles?${withStatus}`);
          expect({ siteId, range, status, total: articles.body.meta.total }).toEqual({
            siteId,
            range,
            status,
            total: await direct('articles', siteId, range, { status }),
          });
        }
        const backlinks = await get(`/api/v1/sites/${siteId}/backlinks?${query}`);
        expect({ siteId, range, total: backlinks.body.meta.total }).toEqual({
          siteId,
          range,
          total: await direct('backlinks', siteId, range),
        });
        if (range.from === undefined) continue;
        const stats = await get(
          `/api/v1/sites/${siteId}/stats?${query.replace('per_page=1&', '')}`,
        );
        const resolved = { from: stats.body.data.from, to: stats.body.data.to };
        const industry = await direct('backlinks', siteId, resolved, { category: 'industry' });
        const local = await direct('backlinks', siteId, resolved, { category: 'local' });
        expect(stats.body.data).toEqual({
          site_id: siteId,
          ...resolved,
          articles_published: await direct('articles', siteId, resolved),
          backlinks_acquired: industry + local,
          backlinks_industry: industry,
          backlinks_local: local,
        });
      }
      await expectEarliestRecordStats(siteId);
      await expectReportsConsistent(siteId);
    }
    await expectRollupsEqualRecount();
  }

  /** `to` alone: the range starts at the site's first dated record, which the rollups must know too. */
  async function expectEarliestRecordStats(siteId: number): Promise<void> {
    const [first] = await t.db.query(
      `SELECT to_char(LEAST((SELECT min(published_at) FROM articles WHERE site_id = $1),
                            (SELECT min(acquired_at) FROM backlinks WHERE site_id = $1))
                      AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`,
      [siteId],
    );
    const to = '2024-12-31';
    const stats = await get(`/api/v1/sites/${siteId}/stats?to=${to}`);
    expect(stats.body.data.from).toBe(first.day ?? to);
    expect(stats.body.data.articles_published).toBe(
      await direct('articles', siteId, { from: first.day ?? to, to }),
    );
  }

  /** The rollups, daily and site rows, hold exactly what a rebuild would write: no drift, no leftover zero rows. */
  async function expectRollupsEqualRecount(): Promise<void> {
    const differing = (fresh: string, kept: string) =>
      `(SELECT count(*) FROM ((TABLE ${fresh} EXCEPT TABLE ${kept}) UNION ALL (TABLE ${kept} EXCEPT TABLE ${fresh})) d)::int`;
    const [drift] = await t.db.query(`
      WITH a_fresh AS (SELECT site_id, (published_at AT TIME ZONE 'UTC')::date AS day, status, count(*)::int AS n
                         FROM articles GROUP BY 1, 2, 3),
           a_kept AS (SELECT site_id, day, status, articles AS n FROM article_daily_counts),
           a_site_fresh AS (SELECT site_id, status, count(*)::int AS n FROM articles GROUP BY 1, 2),
           a_site_kept AS (SELECT site_id, status, articles AS n FROM article_site_counts),
           b_fresh AS (SELECT site_id, (acquired_at AT TIME ZONE 'UTC')::date AS day, category, count(*)::int AS n
                         FROM backlinks GROUP BY 1, 2, 3),
           b_kept AS (SELECT site_id, day, category, backlinks AS n FROM backlink_daily_counts),
           b_site_fresh AS (SELECT site_id, category, count(*)::int AS n FROM backlinks GROUP BY 1, 2),
           b_site_kept AS (SELECT site_id, category, backlinks AS n FROM backlink_site_counts)
      SELECT ${differing('a_fresh', 'a_kept')} AS articles,
             ${differing('a_site_fresh', 'a_site_kept')} AS article_sites,
             ${differing('b_fresh', 'b_kept')} AS backlinks,
             ${differing('b_site_fresh', 'b_site_kept')} AS backlink_sites`);
    expect(drift).toEqual({ articles: 0, article_sites: 0, backlinks: 0, backlink_sites: 0 });
    const [reportDrift] = await t.db.query(`
      WITH ${['anchor_type', 'status', 'source_domain', 'target_url']
        .map(
          (key, i) => `
           k${i}_fresh AS (SELECT site_id, (acquired_at AT TIME ZONE 'UTC')::date AS day, ${key} AS key,
                                  count(*)::int AS n FROM backlinks GROUP BY 1, 2, 3),
           k${i}_kept AS (SELECT site_id, day, ${key} AS key, backlinks AS n FROM ${REPORT_TABLES[i]})`,
        )
        .join(',')},
           e_fresh AS (SELECT a.site_id, (r.created_at AT TIME ZONE 'UTC')::date AS day, r.origin,
                              count(*)::int AS n
                         FROM article_revisions r JOIN articles a ON a.id = r.article_id
                        WHERE r.actor IS DISTINCT FROM 'import' GROUP BY 1, 2, 3),
           e_kept AS (SELECT site_id, day, origin, revisions AS n FROM revision_daily_counts),
           m_fresh AS (SELECT site_id, date_trunc('month', acquired_at AT TIME ZONE 'UTC')::date AS month,
                              source_domain AS key, count(*)::int AS n FROM backlinks GROUP BY 1, 2, 3),
           m_kept AS (SELECT site_id, month, source_domain AS key, backlinks AS n FROM backlink_monthly_domains),
           am_fresh AS (SELECT site_id, date_trunc('month', published_at AT TIME ZONE 'UTC')::date AS month,
                               status, count(*)::int AS n FROM articles GROUP BY 1, 2, 3),
           am_kept AS (SELECT site_id, month, status, articles AS n FROM article_monthly_counts),
           bm_fresh AS (SELECT site_id, date_trunc('month', acquired_at AT TIME ZONE 'UTC')::date AS month,
                               category, count(*)::int AS n FROM backlinks GROUP BY 1, 2, 3),
           bm_kept AS (SELECT site_id, month, category, backlinks AS n FROM backlink_monthly_counts)
      SELECT ${differing('k0_fresh', 'k0_kept')} AS anchor_types,
             ${differing('k1_fresh', 'k1_kept')} AS statuses,
             ${differing('k2_fresh', 'k2_kept')} AS domains,
             ${differing('k3_fresh', 'k3_kept')} AS targets,
             ${differing('e_fresh', 'e_kept')} AS edits,
             ${differing('m_fresh', 'm_kept')} AS monthly_domains,
             ${differing('am_fresh', 'am_kept')} AS monthly_articles,
             ${differing('bm_fresh', 'bm_kept')} AS monthly_backlinks`);
    expect(reportDrift).toEqual({
      anchor_types: 0,
      statuses: 0,
      domains: 0,
      targets: 0,
      edits: 0,
      monthly_domains: 0,
      monthly_articles: 0,
      monthly_backlinks: 0,
    });
  }

  /** A report's counts, for every range, equal what stats and a direct count say. */
  async function expectReportsConsistent(siteId: number): Promise<void> {
    for (const range of RANGES.filter((r) => r.from !== undefined && r.to !== undefined)) {
      const query = new URLSearchParams({ ...range, top: '50' }).toString();
      const report = (await get(`/api/v1/sites/${siteId}/report?${query}`)).body.data;
      const stats = (
        await get(`/api/v1/sites/${siteId}/stats?${new URLSearchParams(range).toString()}`)
      ).body.data;
      expect({ range, summary: report.summary }).toEqual({
        range,
        summary: {
          articles_published: stats.articles_published,
          backlinks_acquired: stats.backlinks_acquired,
          backlinks_industry: stats.backlinks_industry,
          backlinks_local: stats.backlinks_local,
        },
      });
      const sum = (rows: Array<{ count: number }>) => rows.reduce((all, row) => all + row.count, 0);
      expect({ range, anchors: sum(report.backlinks_by_anchor_type) }).toEqual({
        range,
        anchors: stats.backlinks_acquired,
      });
      expect({ range, statuses: sum(report.backlinks_by_status) }).toEqual({
        range,
        statuses: stats.backlinks_acquired,
      });
    }
  }

  it('after random imports, API edits and direct SQL inserts, updates, deletes and moves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 6 }), async (operations) => {
        for (const op of operations) await apply(op);
        await expectConsistent();
      }),
      { numRuns: 12 },
    );
  });

  describe('deep pages', () => {
    let siteId: number;

    beforeAll(async () => {
      siteId = await seedSite(t.db, owner.accountId, { name: 'Deep' });
      // Far past the shallow-offset threshold, a tenth undated, many rows per day and
      // identical instants, so pages start mid-day, on ties and in the undated bucket.
      await t.db.query(
        `INSERT INTO articles (site_id, status, published_at, body)
         SELECT $1, (ARRAY['published','draft','unpublished'])[1 + n % 3],
                CASE WHEN n % 10 = 0 THEN NULL
                     ELSE timestamptz '2024-01-01T00:00:00Z' + ((n * 7919) % 40) * interval '1 day'
                          + ((n * 104729) % 3) * interval '8 hours' END,
                '<p>Deep</p>'
           FROM generate_series(1, 2600) n`,
        [siteId],
      );
      await t.db.query(
        `INSERT INTO backlinks (site_id, acquired_at, category)
         SELECT $1,
                CASE WHEN n % 8 = 0 THEN NULL
                     ELSE timestamptz '2024-01-01T00:00:00Z' + ((n * 7919) % 30) * interval '1 day' END,
                (ARRAY['industry','local'])[1 + n % 2]
           FROM generate_series(1, 3100) n`,
        [siteId],
      );
    });

    async function expectPage(
      tableName: 'articles' | 'backlinks',
      query: Record<string, string>,
    ): Promise<void> {
      const column = tableName === 'articles' ? 'published_at' : 'acquired_at';
      const perPage = Number(query.per_page);
      const page = Number(query.page);
      const params: unknown[] = [siteId, perPage, (page - 1) * perPage];
      const clauses = ['site_id = $1'];
      if (query.from) {
        params.push(`${query.from}T00:00:00Z`);
        clauses.push(`${column} >= $${params.length}`);
      }
      if (query.to) {
        params.push(new Date(Date.parse(query.to) + DAY_MS).toISOString());
        clauses.push(`${column} < $${params.length}`);
      }
      if (query.status) {
        params.push(query.status);
        clauses.push(`status = $${params.length}`);
      }
      const expected: Array<{ id: number }> = await t.db.query(
        `SELECT id::float8 AS id FROM ${tableName} WHERE ${clauses.join(' AND ')}
          ORDER BY ${column} DESC NULLS LAST, id DESC LIMIT $2 OFFSET $3`,
        params,
      );
      const res = await get(
        `/api/v1/sites/${siteId}/${tableName}?${new URLSearchParams(query).toString()}`,
      );
      expect({ query, ids: res.body.data.map((row: { id: number }) => row.id) }).toEqual({
        query,
        ids: expected.map((row) => row.id),
      });
    }

    it('are the same rows as OFFSET over the whole list, across days, ties and the undated bucket', async () => {
      await fc.assert(
        fc.asyncProperty(
          table,
          fc.integer({ min: 1, max: 100 }),
          fc.integer({ min: 1, max: 3200 }),
          fc.constantFrom<Record<string, string>>(
            {},
            { from: '2024-01-05' },
            { to: '2024-01-20' },
            { from: '2024-01-03', to: '2024-01-25' },
          ),
          fc.constantFrom(undefined, 'published', 'draft'),
          async (tableName, perPage, row, range, status) => {
            const page = Math.ceil(row / perPage);
            const query = { ...range, per_page: String(perPage), page: String(page) };
            await expectPage(
              tableName,
              tableName === 'articles' && status ? { ...query, status } : query,
            );
          },
        ),
        { numRuns: 150 },
      );
    });

    it('are right at the edges: the last dated page running into the undated rows, and past the end', async () => {
      const [articles] = await t.db.query(
        `SELECT count(*) FILTER (WHERE published_at IS NOT NULL)::int AS dated, count(*)::int AS total
           FROM articles WHERE site_id = $1`,
        [siteId],
      );
      for (const perPage of [7, 100]) {
        for (const page of [
          Math.ceil(articles.dated / perPage),
          Math.ceil(articles.dated / perPage) + 1,
          Math.ceil(articles.total / perPage),
          Math.ceil(articles.total / perPage) + 1,
          Math.ceil(articles.total / perPage) + 50,
        ]) {
          await expectPage('articles', { per_page: String(perPage), page: String(page) });
        }
      }
    });
  });

  const cli = async (args: string[]) => {
    let stdout = '';
    const code = await runCli(args, {
      env: { DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
      stdout: (text) => (stdout += text),
      stderr: () => undefined,
    });
    return { code, json: JSON.parse(stdout) as Record<string, unknown> };
  };

  it('`content-api rollups rebuild` repairs rollups that something bypassed, and reports it', async () => {
    const [siteA, siteB] = sites;
    await t.db.query(`UPDATE article_daily_counts SET articles = articles + 5 WHERE site_id = $1`, [
      siteA,
    ]);
    // The random writes above may have left site A with no counted rows to skew: a stray row
    // that counts nothing real makes sure the rebuild of site A has something to correct.
    await t.db.query(
      `INSERT INTO article_daily_counts (site_id, day, status, articles) VALUES ($1, '1999-01-02', 'stray', 2)`,
      [siteA],
    );
    await t.db.query(`DELETE FROM backlink_daily_counts WHERE site_id = $1`, [siteB]);
    await t.db.query(`DELETE FROM backlink_site_counts WHERE site_id = $1`, [siteB]);
    await t.db.query(
      `INSERT INTO article_daily_counts (site_id, day, status, articles) VALUES ($1, '1999-01-01', 'stray', 3)`,
      [siteB],
    );
    await t.db.query(
      `INSERT INTO article_site_counts (site_id, status, articles) VALUES ($1, 'stray', 3)`,
      [siteB],
    );
    await t.db.query(`DELETE FROM backlink_daily_domains WHERE site_id = $1`, [siteA]);
    await t.db.query(
      `INSERT INTO revision_daily_counts (site_id, day, origin, revisions) VALUES ($1, '2024-01-05', 'api', 4)`,
      [siteB],
    );

    const one = await cli(['rollups', 'rebuild', '--site', String(siteA), '--json']);
    expect(one.code).toBe(0);
    expect(one.json).toMatchObject({ site_id: siteA });
    expect(one.json.corrected_rows).toBeGreaterThan(0);

    const all = await cli(['rollups', 'rebuild', '--json']);
    expect(all.code).toBe(0);
    expect(all.json).toMatchObject({ site_id: null });
    expect(all.json.corrected_rows).toBeGreaterThan(0);
    await expectRollupsEqualRecount();
    await expectConsistent();

    const again = await cli(['rollups', 'rebuild', '--json']);
    expect(again.json).toMatchObject({ site_id: null, corrected_rows: 0 });
  });

  it('a list without a day range counts from its site row, and a rebuild repairs that row alone', async () => {
    const [siteA] = sites;
    await t.db.query(
      `INSERT INTO articles (site_id, status, published_at, body)
       VALUES ($1, 'published', '2024-01-10T08:00:00Z', '<p>Counted</p>')`,
      [siteA],
    );
    await t.db.query(
      `UPDATE article_site_counts SET articles = articles + 5 WHERE site_id = $1 AND status = 'published'`,
      [siteA],
    );
    const total = async (query: string) =>
      (await get(`/api/v1/sites/${siteA}/articles?per_page=1&${query}`)).body.meta.total as number;
    const exact = await direct('articles', siteA, {}, { status: 'published' });
    expect(await total('status=published')).toBe(exact + 5);
    expect(await total('status=published&from=2023-01-01')).toBe(
      await direct('articles', siteA, { from: '2023-01-01' }, { status: 'published' }),
    );

    const run = await cli(['rollups', 'rebuild', '--site', String(siteA), '--json']);
    expect(run.json).toMatchObject({ site_id: siteA, corrected_rows: 1 });
    expect(await total('status=published')).toBe(exact);
    await expectConsistent();
  });

  it('a deleted site takes its rollup rows with it; TRUNCATE empties them', async () => {
    const doomed = await seedSite(t.db, owner.accountId, { name: 'Doomed' });
    await t.db.query(
      `INSERT INTO articles (site_id, published_at, body) VALUES ($1, '2024-01-02T00:00:00Z', 'x'), ($1, NULL, 'y')`,
      [doomed],
    );
    await t.db.query(
      `INSERT INTO backlinks (site_id, acquired_at, category) VALUES ($1, '2024-01-02T00:00:00Z', 'local')`,
      [doomed],
    );
    await t.db.query(
      `INSERT INTO article_revisions (article_id, number, body, origin, created_at)
       SELECT id, 5, 'z', 'api', '2024-01-03T00:00:00Z' FROM articles WHERE site_id = $1`,
      [doomed],
    );
    const rollupRows = (where: string) =>
      `SELECT (SELECT count(*) FROM article_daily_counts ${where})::int AS article_days,
              (SELECT count(*) FROM article_site_counts ${where})::int AS article_sites,
              (SELECT count(*) FROM backlink_daily_counts ${where})::int AS backlink_days,
              (SELECT count(*) FROM backlink_site_counts ${where})::int AS backlink_sites,
              (SELECT count(*) FROM backlink_daily_domains ${where})::int AS domain_days,
              (SELECT count(*) FROM revision_daily_counts ${where})::int AS edit_days`;
    const none = {
      article_days: 0,
      article_sites: 0,
      backlink_days: 0,
      backlink_sites: 0,
      domain_days: 0,
      edit_days: 0,
    };
    const [kept] = await t.db.query(rollupRows('WHERE site_id = $1'), [doomed]);
    expect(kept).toEqual({
      article_days: 2,
      article_sites: 1,
      backlink_days: 1,
      backlink_sites: 1,
      domain_days: 1,
      edit_days: 1,
    });
    await t.db.query(`DELETE FROM sites WHERE id = $1`, [doomed]);
    const [left] = await t.db.query(rollupRows('WHERE site_id = $1'), [doomed]);
    expect(left).toEqual(none);
    await expectRollupsEqualRecount();

    await t.db.query(`TRUNCATE articles, backlinks, article_revisions CASCADE`);
    const [rows] = await t.db.query(rollupRows(''));
    expect(rows).toEqual(none);
    const stats = await get(`/api/v1/sites/${sites[0]}/stats?from=2024-01-01&to=2024-12-31`);
    expect(stats.body.data).toMatchObject({ articles_published: 0, backlinks_acquired: 0 });
    for (const list of ['articles', 'backlinks']) {
      const page = await get(`/api/v1/sites/${sites[0]}/${list}?per_page=1`);
      expect({ list, total: page.body.meta.total }).toEqual({ list, total: 0 });
    }
  });
});
