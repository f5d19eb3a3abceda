import request from 'supertest';
import {
  seedAccount,
  seedArticle,
  seedBacklink,
  seedSite,
  SeededAccount,
} from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const DAY_MS = 86_400_000;

/** Test-side date arithmetic on `YYYY-MM-DD`, through Date, independent of the code under test. */
function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
function firstOfMonth(day: string, monthsBack = 0): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1))
    .toISOString()
    .slice(0, 10);
}

interface Dated {
  at: string;
  category?: 'industry' | 'local';
}

describe('GET /api/v1/sites/{id}/stats', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let siteId: number;
  let otherSiteId: number;
  const today = new Date().toISOString().slice(0, 10);
  const thisMonth = firstOfMonth(today);
  const lastMonth = firstOfMonth(today, 1);
  const lastMonthEnd = shift(thisMonth, -1);

  // Each record at the edge of some period, so an off-by-one anywhere changes a count.
  const articles: Dated[] = [
    { at: `${today}T00:00:00Z` },
    { at: `${today}T23:59:59Z` },
    { at: `${thisMonth}T00:00:00Z` },
    { at: `${lastMonthEnd}T23:59:59Z` },
    { at: `${lastMonth}T00:00:00Z` },
    { at: `${shift(lastMonth, -1)}T23:59:59Z` },
    { at: `${shift(today, -29)}T00:00:00Z` },
    { at: `${shift(today, -30)}T23:59:59Z` },
    { at: '2024-01-31T23:59:59Z' },
    { at: '2024-02-01T00:00:00Z' },
    { at: '2024-02-29T12:00:00Z' },
    { at: '2024-02-29T23:59:59Z' },
    { at: '2024-03-01T00:00:00Z' },
  ];
  const backlinks: Dated[] = [
    { at: `${today}T00:00:00Z`, category: 'industry' },
    { at: `${today}T23:59:59Z`, category: 'local' },
    { at: `${thisMonth}T00:00:00Z`, category: 'local' },
    { at: `${lastMonthEnd}T23:59:59Z`, category: 'industry' },
    { at: `${lastMonth}T00:00:00Z`, category: 'local' },
    { at: `${shift(lastMonth, -1)}T23:59:59Z`, category: 'industry' },
    { at: `${shift(today, -29)}T00:00:00Z`, category: 'industry' },
    { at: `${shift(today, -30)}T23:59:59Z`, category: 'local' },
    { at: '2023-12-31T23:59:59Z', category: 'local' },
    { at: '2024-02-01T00:00:00Z', category: 'industry' },
    { at: '2024-02-29T23:59:59Z', category: 'local' },
    { at: '2024-03-01T00:00:00Z', category: 'industry' },
  ];

  function expected(from: string, to: string, site = siteId) {
    const within = (r: Dated) => r.at.slice(0, 10) >= from && r.at.slice(0, 10) <= to;
    const industry = backlinks.filter((r) => within(r) && r.category === 'industry').length;
    const local = backlinks.filter((r) => within(r) && r.category === 'local').length;
    return {
      data: {
        site_id: site,
        from,
        to,
        articles_published: articles.filter(within).length,
        backlinks_acquired: industry + local,
        backlinks_industry: industry,
        backlinks_local: local,
      },
    };
  }

  const stats = (query = '', site: number | string = siteId) =>
    request(t.http).get(`/api/v1/sites/${site}/stats${query}`).set('X-API-Key', owner.key);

  beforeAll(async () => {
    // These files test reads; the request limit has tests of its own.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    const other = await seedAccount(t.db, { name: 'Other agency' });
    siteId = await seedSite(t.db, owner.accountId);
    otherSiteId = await seedSite(t.db, other.accountId);
    const statuses = ['published', 'draft', 'scheduled', 'unpublished', null];
    for (const [i, r] of articles.entries())
      await seedArticle(t.db, siteId, {
        published_at: r.at,
        status: statuses[i % statuses.length],
      });
    for (const r of backlinks)
      await seedBacklink(t.db, siteId, { acquired_at: r.at, category: r.category });
    await seedArticle(t.db, siteId, { published_at: null });
    await seedBacklink(t.db, siteId, { acquired_at: null, category: 'industry' });
    await seedArticle(t.db, otherSiteId, { published_at: `${today}T12:00:00Z` });
    await seedBacklink(t.db, otherSiteId, { acquired_at: `${today}T12:00:00Z` });
  });
  afterAll(() => t.close());

  it.each([
    ['this_month', () => [thisMonth, today]],
    ['last_month', () => [lastMonth, lastMonthEnd]],
    ['last_30_days', () => [shift(today, -29), today]],
    ['2024-02', () => ['2024-02-01', '2024-02-29']],
    ['2023-12', () => ['2023-12-01', '2023-12-31']],
    ['2024-02-29', () => ['2024-02-29', '2024-02-29']],
    ['2024-03-01', () => ['2024-03-01', '2024-03-01']],
  ])('period=%s counts the resolved inclusive days', async (period, range) => {
    const [from, to] = range();
    const res = await stats(`?period=${period}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected(from, to));
  });

  it('counts leap February exactly (fixed data)', async () => {
    expect((await stats('?period=2024-02')).body.data).toMatchObject({
      articles_published: 3,
      backlinks_acquired: 2,
      backlinks_industry: 1,
      backlinks_local: 1,
    });
  });

  it('defaults to this_month', async () => {
    expect((await stats()).body).toEqual(expected(thisMonth, today));
  });

  it('takes from and to as inclusive days', async () => {
    const res = await stats('?from=2024-02-01&to=2024-02-29');
    expect(res.body).toEqual(expected('2024-02-01', '2024-02-29'));
    expect(res.body.data.articles_published).toBe(3);
  });

  it('ends at today when only from is given', async () => {
    expect((await stats('?from=2024-02-29')).body).toEqual(expected('2024-02-29', today));
    expect((await stats(`?from=${today}`)).body).toEqual(expected(today, today));
  });

  it('starts at the earliest dated article or backlink when only to is given', async () => {
    expect((await stats('?to=2024-02-29')).body).toEqual(expected('2023-12-31', '2024-02-29'));
    expect((await stats(`?to=${today}`)).body).toEqual(expected('2023-12-31', today));
  });

  it('starts at to itself when only to is given and nothing is that old', async () => {
    const res = await stats('?to=2020-01-01');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected('2020-01-01', '2020-01-01'));
    expect(res.body.data.articles_published).toBe(0);
  });

  it('answers a site without records with zeros, also when only to is given', async () => {
    const empty = await seedSite(t.db, owner.accountId);
    await seedArticle(t.db, empty, { published_at: null });
    const zero = {
      articles_published: 0,
      backlinks_acquired: 0,
      backlinks_industry: 0,
      backlinks_local: 0,
    };
    expect((await stats('?to=2026-01-31', empty)).body).toEqual({
      data: { site_id: empty, from: '2026-01-31', to: '2026-01-31', ...zero },
    });
    expect((await stats('', empty)).body).toEqual({
      data: { site_id: empty, from: thisMonth, to: today, ...zero },
    });
  });

  it.each([
    ['period=2026-13', 'invalid_period'],
    ['period=2026-00', 'invalid_period'],
    ['period=2026-02-30', 'invalid_period'],
    ['period=2025-02-29', 'invalid_period'],
    ['period=2026-11-03T00:00:00Z', 'invalid_period'],
    ['period=2026-1', 'invalid_period'],
    ['period=THIS_MONTH', 'invalid_period'],
    ['period=yesterday', 'invalid_period'],
    ['period=', 'invalid_period'],
    ['period=this_month&period=last_month', 'invalid_period'],
    ['period=this_month&from=2026-01-01', 'conflicting_parameters'],
    ['period=last_month&to=2026-01-01', 'conflicting_parameters'],
    ['period=bogus&from=2026-01-01&to=2026-01-31', 'conflicting_parameters'],
    ['period=2026-01&from=2026-01-31&to=2026-01-01', 'conflicting_parameters'],
    ['period=this_month&from=2026-02-30', 'invalid_parameter'],
    ['from=2026-02-30', 'invalid_parameter'],
    ['to=2026-13-01', 'invalid_parameter'],
    ['from=2026-11-03T00:00:00Z', 'invalid_parameter'],
    ['from=', 'invalid_parameter'],
    ['from=2026-11-04&to=2026-11-03', 'invalid_date_range'],
  ])('answers %s with 422 %s', async (query, error) => {
    const res = await stats(`?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(error);
    expect(typeof res.body.message).toBe('string');
  });

  it('answers a from after today, with to left to default, with 422 invalid_date_range', async () => {
    const res = await stats(`?from=${shift(today, 1)}`);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('invalid_date_range');
  });

  it('names the parameter of an invalid_parameter', async () => {
    expect((await stats('?to=2026-02-30')).body.details).toEqual([
      { field: 'to', message: expect.any(String) },
    ]);
  });

  it('checks the query before the site', async () => {
    const res = await stats('?period=bogus', otherSiteId);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('invalid_period');
  });

  it('ignores unknown query parameters', async () => {
    expect((await stats('?colour=blue&period=2024-02')).status).toBe(200);
  });

  it.each([
    ['another account’s site', () => otherSiteId],
    ['a site that does not exist', () => 2147483647],
  ])('answers %s with 404 site_not_found', async (_, site) => {
    const res = await stats('?period=this_month', site());
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('site_not_found');
  });

  it.each(['abc', '0', '-1', '99999999999'])(
    'answers the site id %s with 422 invalid_parameter naming id',
    async (id) => {
      const res = await stats('', id);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'invalid_parameter', details: [{ field: 'id' }] });
    },
  );
});
