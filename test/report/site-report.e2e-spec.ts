import request from 'supertest';
import { seedAccount, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';
import { generateSiteData, instants } from './report-data.js';

interface Counts {
  articles_published: number;
  backlinks_acquired: number;
  backlinks_industry: number;
  backlinks_local: number;
}

const COUNTS: Array<keyof Counts> = [
  'articles_published',
  'backlinks_acquired',
  'backlinks_industry',
  'backlinks_local',
];

/** Periods at month ends, over February (leap and not) and 29 February, and across months. */
const PERIODS: Array<Record<string, string>> = [
  { period: '2024-02' },
  { period: '2024-03' },
  { period: '2024-01' },
  { period: '2023-02' },
  { period: '2024-02-29' },
  { period: '2024-03-01' },
  { from: '2024-01-15', to: '2024-03-10' },
  { from: '2023-12-31', to: '2024-01-01' },
  { from: '2024-02-29', to: '2024-03-31', compare: 'previous_year' },
  { period: '2024-02', compare: 'previous_year' },
  { period: '2024-03', compare: 'none' },
  { period: '2024-04', top: '3' },
  { period: '2024-02', top: '50' },
];

describe('GET /api/v1/sites/{id}/report', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let siteId: number;
  let otherSiteId: number;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
    owner = await seedAccount(t.db, { name: 'Report Agency' });
    siteId = await seedSite(t.db, owner.accountId, { name: 'Acme Plumbing' });
    await generateSiteData(t.db, siteId, 21);
    const other = await seedAccount(t.db);
    otherSiteId = await seedSite(t.db, other.accountId, { name: 'Not yours' });
    await generateSiteData(t.db, otherSiteId, 99, { articles: 20, backlinks: 50, revisions: 5 });
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, key = owner.key) =>
    request(t.http).get(path).set('Authorization', `Bearer ${key}`);
  const report = async (query: Record<string, string>) => {
    const res = await get(
      `/api/v1/sites/${siteId}/report?${new URLSearchParams(query).toString()}`,
    );
    expect({ query, status: res.status, body: res.status === 200 ? undefined : res.body }).toEqual({
      query,
      status: 200,
      body: undefined,
    });
    return res.body.data;
  };
  const stats = async (from: string, to: string): Promise<Counts> => {
    const {
      site_id,
      from: f,
      to: t2,
      ...counts
    } = (await get(`/api/v1/sites/${siteId}/stats?from=${from}&to=${to}`).expect(200)).body.data;
    expect({ site_id, f, t2 }).toEqual({ site_id: siteId, f: from, t2: to });
    return counts;
  };

  /** Backlinks acquired in a range, grouped by `column`, straight from the table. */
  async function directBreakdown(column: string, from: string, to: string) {
    return t.db.query<Array<{ key: string | null; n: number }>>(
      `SELECT ${column} AS key, count(*)::int AS n FROM backlinks
        WHERE site_id = $1 AND acquired_at >= $2 AND acquired_at < $3
        GROUP BY 1 ORDER BY n DESC, ${column} COLLATE "C" NULLS LAST`,
      [siteId, ...instants(from, to)],
    );
  }

  it.each(PERIODS)('agrees with stats, the lists and the rows themselves: %j', async (query) => {
    const data = await report(query);
    const { from, to } = data.period;

    // summary = stats; the days add up to it, one entry a day, zeros included.
    expect(data.summary).toEqual(await stats(from, to));
    const dates = data.daily.map((day: { date: string }) => day.date);
    expect(dates[0]).toBe(from);
    expect(dates.at(-1)).toBe(to);
    expect(dates).toHaveLength(data.period.days);
    for (let i = 1; i < dates.length; i++) {
      expect(Date.parse(dates[i]) - Date.parse(dates[i - 1])).toBe(86_400_000);
    }
    for (const name of COUNTS) {
      const total = data.daily.reduce((sum: number, day: Counts) => sum + day[name], 0);
      expect({ name, total }).toEqual({ name, total: data.summary[name] });
    }
    for (const day of data.daily) {
      expect(day.backlinks_acquired).toBe(day.backlinks_industry + day.backlinks_local);
    }
    const oneDay = data.daily.find((day: Counts) => day.backlinks_acquired > 0);
    if (oneDay) expect(await stats(oneDay.date, oneDay.date)).toEqual(withoutDate(oneDay));

    // The breakdowns sum to backlinks_acquired and are the table's own grouping.
    const sum = (rows: Array<{ count: number }>) => rows.reduce((s, row) => s + row.count, 0);
    expect(sum(data.backlinks_by_anchor_type)).toBe(data.summary.backlinks_acquired);
    expect(sum(data.backlinks_by_status)).toBe(data.summary.backlinks_acquired);
    expect(
      data.backlinks_by_anchor_type.map((r: { anchor_type: string | null; count: number }) => [
        r.anchor_type,
        r.count,
      ]),
    ).toEqual((await directBreakdown('anchor_type', from, to)).map((r) => [r.key, r.n]));
    expect(
      data.backlinks_by_status.map((r: { status: string | null; count: number }) => [
        r.status,
        r.count,
      ]),
    ).toEqual((await directBreakdown('status', from, to)).map((r) => [r.key, r.n]));

    // Rankings: the top `top`, ties by name, null never ranked; first_seen and the article.
    const top = Number(query.top ?? 10);
    const domains = (await directBreakdown('source_domain', from, to)).filter((r) => r.key);
    const expectedDomains = [];
    for (const row of domains.slice(0, top)) {
      const [earlier] = await t.db.query(
        `SELECT count(*)::int AS n FROM backlinks
          WHERE site_id = $1 AND source_domain = $2 AND acquired_at < $3`,
        [siteId, row.key, `${from}T00:00:00Z`],
      );
      expectedDomains.push({
        source_domain: row.key,
        backlinks: row.n,
        first_seen: earlier.n === 0,
      });
    }
    expect(data.top_referring_domains).toEqual(expectedDomains);
    const pages = (await directBreakdown('target_url', from, to)).filter((r) => r.key);
    const expectedPages = [];
    for (const row of pages.slice(0, top)) {
      const [article] = await t.db.query(
        `SELECT min(id) AS id FROM articles WHERE site_id = $1 AND url = $2`,
        [siteId, row.key],
      );
      expectedPages.push({ target_url: row.key, backlinks: row.n, article_id: article.id });
    }
    expect(data.top_linked_pages).toEqual(expectedPages);

    // Articles published: the article list filtered by the same days.
    const list = await get(
      `/api/v1/sites/${siteId}/articles?from=${from}&to=${to}&per_page=100`,
    ).expect(200);
    expect(data.articles_published.total).toBe(list.body.meta.total);
    expect(data.articles_published.items).toEqual(list.body.data);

    // Edits: the revisions made in the period, imports left out.
    const edits = await t.db.query(
      `SELECT origin, count(*)::int AS n FROM article_revisions r JOIN articles a ON a.id = r.article_id
        WHERE a.site_id = $1 AND r.created_at >= $2 AND r.created_at < $3
          AND r.actor IS DISTINCT FROM 'import' GROUP BY origin`,
      [siteId, ...instants(from, to)],
    );
    const byOrigin = { api: 0, mcp: 0, editor: 0, rewrite: 0 };
    for (const row of edits) byOrigin[row.origin as keyof typeof byOrigin] = row.n;
    expect(data.edits).toEqual({
      total: Object.values(byOrigin).reduce((a, b) => a + b, 0),
      by_origin: byOrigin,
    });

    // The comparison: stats for its range, and the changes.
    if (query.compare === 'none') {
      expect(data).toMatchObject({ comparison: null, previous: null, change: null });
    } else {
      expect(data.comparison.kind).toBe(query.compare ?? 'previous_period');
      expect(data.previous).toEqual(await stats(data.comparison.from, data.comparison.to));
      for (const name of COUNTS) {
        const before = data.previous[name];
        const now = data.summary[name];
        expect(data.change[name]).toEqual({
          absolute: now - before,
          percent: before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10,
        });
      }
    }
    expect(data.site).toMatchObject({ id: siteId, name: 'Acme Plumbing' });
    expect(data.generated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('compares a whole month with the whole previous month, and a year back with 28 February', async () => {
    expect((await report({ period: '2024-03' })).comparison).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
      days: 29,
      kind: 'previous_period',
    });
    expect((await report({ period: '2024-02' })).comparison).toEqual({
      from: '2024-01-01',
      to: '2024-01-31',
      days: 31,
      kind: 'previous_period',
    });
    expect((await report({ from: '2024-03-01', to: '2024-03-10' })).comparison).toEqual({
      from: '2024-02-20',
      to: '2024-02-29',
      days: 10,
      kind: 'previous_period',
    });
    expect((await report({ period: '2024-02-29', compare: 'previous_year' })).comparison).toEqual({
      from: '2023-02-28',
      to: '2023-02-28',
      days: 1,
      kind: 'previous_year',
    });
    expect((await report({ period: '2024-02', compare: 'previous_year' })).comparison).toEqual({
      from: '2023-02-01',
      to: '2023-02-28',
      days: 28,
      kind: 'previous_year',
    });
  });

  it('defaults to this month compared with the period before, ten entries a ranking', async () => {
    const data = await report({});
    const today = new Date().toISOString().slice(0, 10);
    expect(data.period).toEqual({
      from: `${today.slice(0, 8)}01`,
      to: today,
      days: Number(today.slice(8, 10)),
    });
    expect(data.comparison.kind).toBe('previous_period');
    const wide = await report({ from: '2023-01-01', to: '2024-04-30' });
    expect(wide.top_referring_domains).toHaveLength(10);
    expect(wide.top_linked_pages.length).toBeLessThanOrEqual(10);
  });

  it('starts at the earliest record when only `to` is given, as stats does', async () => {
    const data = await report({ to: '2024-04-30' });
    const statsAnswer = (await get(`/api/v1/sites/${siteId}/stats?to=2024-04-30`).expect(200)).body
      .data;
    expect(data.period.from).toBe(statsAnswer.from);
    expect(data.summary).toMatchObject({
      articles_published: statsAnswer.articles_published,
      backlinks_acquired: statsAnswer.backlinks_acquired,
    });
  });

  it.each([
    [{ compare: 'last_year' }, 422, 'invalid_parameter'],
    [{ compare: '' }, 422, 'invalid_parameter'],
    [{ top: '0' }, 422, 'invalid_parameter'],
    [{ top: '51' }, 422, 'invalid_parameter'],
    [{ top: 'ten' }, 422, 'invalid_parameter'],
    [{ period: '2024-02', from: '2024-02-01' }, 422, 'conflicting_parameters'],
    [{ period: '2024-13' }, 422, 'invalid_period'],
    [{ period: '2025-02-29' }, 422, 'invalid_period'],
    [{ from: '2024-03-02', to: '2024-03-01' }, 422, 'invalid_date_range'],
    [{ from: '2024-02-30' }, 422, 'invalid_parameter'],
    [{ from: '2020-01-01', to: '2024-01-01' }, 422, 'invalid_date_range'],
    [{ period: '0001-01' }, 422, 'invalid_date_range'],
  ])('refuses %j with %i %s, in the error envelope', async (query, status, error) => {
    const res = await get(
      `/api/v1/sites/${siteId}/report?${new URLSearchParams(query as Record<string, string>).toString()}`,
    );
    expect({ status: res.status, error: res.body.error }).toEqual({ status, error });
  });

  it('states the longest period it covers', async () => {
    const res = await get(`/api/v1/sites/${siteId}/report?from=2020-01-01&to=2024-01-01`);
    expect(res.body).toMatchObject({ error: 'invalid_date_range', limit: 1096 });
    await get(`/api/v1/sites/${siteId}/report?from=2021-01-02&to=2024-01-01`).expect(200);
  });

  it("is 404 for another account's site and for none, as stats is", async () => {
    for (const id of [otherSiteId, 2_147_483_647]) {
      const res = await get(`/api/v1/sites/${id}/report?period=2024-02`);
      expect({ id, status: res.status, error: res.body.error }).toEqual({
        id,
        status: 404,
        error: 'site_not_found',
      });
    }
    expect((await get(`/api/v1/sites/abc/report`)).body.error).toBe('invalid_parameter');
  });

  it('follows the site: edits move with an article moved to another site of the account', async () => {
    const second = await seedSite(t.db, owner.accountId, { name: 'Second' });
    const [article] = await t.db.query(
      `SELECT a.id, count(*)::int AS edits FROM articles a JOIN article_revisions r ON r.article_id = a.id
        WHERE a.site_id = $1 AND r.actor IS DISTINCT FROM 'import'
          AND r.created_at >= '2024-02-01' AND r.created_at < '2024-03-01'
        GROUP BY a.id ORDER BY a.id LIMIT 1`,
      [siteId],
    );
    const before = (await report({ period: '2024-02' })).edits.total;
    await t.db.query(`UPDATE articles SET site_id = $2 WHERE id = $1`, [article.id, second]);
    const moved = (await get(`/api/v1/sites/${second}/report?period=2024-02`).expect(200)).body
      .data;
    expect(moved.edits.total).toBe(article.edits);
    expect((await report({ period: '2024-02' })).edits.total).toBe(before - article.edits);
    await t.db.query(`UPDATE articles SET site_id = $2 WHERE id = $1`, [article.id, siteId]);
    expect((await report({ period: '2024-02' })).edits.total).toBe(before);
  });
});

function withoutDate({ date: _date, ...counts }: Counts & { date: string }): Counts {
  return counts;
}
