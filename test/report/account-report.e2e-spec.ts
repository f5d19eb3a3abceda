import request from 'supertest';
import { seedAccount, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';
import { generateSiteData } from './report-data.js';

const COUNTS = [
  'articles_published',
  'backlinks_acquired',
  'backlinks_industry',
  'backlinks_local',
] as const;

describe('GET /api/v1/report', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let sites: number[];
  let otherSite: number;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
    owner = await seedAccount(t.db);
    sites = [];
    for (let i = 0; i < 5; i++) {
      const id = await seedSite(t.db, owner.accountId, {
        name: `Client ${i}`,
        website_url: `https://client-${i}.example`,
      });
      if (i !== 3) {
        await generateSiteData(t.db, id, 100 + i, { articles: 30, backlinks: 120, revisions: 0 });
      }
      sites.push(id);
    }
    const other = await seedAccount(t.db);
    otherSite = await seedSite(t.db, other.accountId);
    await generateSiteData(t.db, otherSite, 9, { articles: 30, backlinks: 120, revisions: 0 });
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string) =>
    request(t.http).get(path).set('Authorization', `Bearer ${owner.key}`);
  const stats = async (site: number, from: string, to: string) => {
    const { data } = (await get(`/api/v1/sites/${site}/stats?from=${from}&to=${to}`).expect(200))
      .body;
    return Object.fromEntries(COUNTS.map((name) => [name, data[name] as number]));
  };

  it.each([
    [{ period: '2024-02' }],
    [{ period: '2024-03', compare: 'previous_year' }],
    [{ from: '2024-02-29', to: '2024-03-31', compare: 'none' }],
  ])('one row a site with stats’ counts, and totals over every site: %j', async (query) => {
    const res = await get(`/api/v1/report?${new URLSearchParams(query).toString()}`).expect(200);
    const { data, meta } = res.body;
    expect(data.map((row: { site: { id: number } }) => row.site.id)).toEqual(sites);
    const totals = {
      articles_published: 0,
      backlinks_acquired: 0,
      backlinks_industry: 0,
      backlinks_local: 0,
    };
    for (const row of data) {
      expect(row.site).toEqual({
        id: row.site.id,
        name: `Client ${sites.indexOf(row.site.id)}`,
        website_url: `https://client-${sites.indexOf(row.site.id)}.example`,
      });
      expect(row.summary).toEqual(await stats(row.site.id, meta.period.from, meta.period.to));
      for (const name of COUNTS) totals[name] += row.summary[name];
      if (meta.comparison === null) {
        expect(row).toMatchObject({ previous: null, change: null });
      } else {
        expect(row.previous).toEqual(
          await stats(row.site.id, meta.comparison.from, meta.comparison.to),
        );
        expect(row.change.backlinks_acquired.absolute).toBe(
          row.summary.backlinks_acquired - row.previous.backlinks_acquired,
        );
      }
    }
    expect(meta.totals).toEqual(totals);
    expect(meta).toMatchObject({ page: 1, per_page: 20, total: 5, last_page: 1 });
  });

  it('pages over the sites by id; the totals cover every site, not only the page', async () => {
    const whole = (await get('/api/v1/report?period=2024-02').expect(200)).body;
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await get(`/api/v1/report?period=2024-02&per_page=2&page=${page}`).expect(200);
      expect(res.body.meta).toMatchObject({ page, per_page: 2, total: 5, last_page: 3 });
      expect(res.body.meta.totals).toEqual(whole.meta.totals);
      pages.push(...res.body.data);
      expect(res.headers.link).toContain('rel="last"');
    }
    expect(pages).toEqual(whole.data);
    const past = await get('/api/v1/report?period=2024-02&per_page=2&page=9').expect(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.totals).toEqual(whole.meta.totals);
  });

  it('starts at the account’s earliest record when only `to` is given', async () => {
    const [earliest] = await t.db.query(
      `SELECT to_char(min(d) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM (
         SELECT min(published_at) AS d FROM articles WHERE site_id = ANY($1)
         UNION ALL SELECT min(acquired_at) FROM backlinks WHERE site_id = ANY($1)) m`,
      [sites],
    );
    const res = await get('/api/v1/report?to=2024-04-30').expect(200);
    expect(res.body.meta.period.from).toBe(earliest.day);
  });

  it.each([
    ['per_page=0', 'invalid_parameter'],
    ['per_page=101', 'invalid_parameter'],
    ['page=0', 'invalid_parameter'],
    ['compare=yesterday', 'invalid_parameter'],
    ['period=2024-02&to=2024-02-03', 'conflicting_parameters'],
    ['period=Q1', 'invalid_period'],
    ['from=2024-02-02&to=2024-02-01', 'invalid_date_range'],
  ])('refuses %s with %s', async (query, error) => {
    const res = await get(`/api/v1/report?${query}`);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 422, error });
  });

  it('shows an account only its own sites', async () => {
    const other = (await get('/api/v1/report?period=2024-02').expect(200)).body.data;
    expect(other.map((row: { site: { id: number } }) => row.site.id)).not.toContain(otherSite);
  });
});
