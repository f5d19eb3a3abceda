import request from 'supertest';
import { seedAccount, seedBacklink, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const ids = (res: request.Response): number[] => res.body.data.map((b: { id: number }) => b.id);

describe('GET /api/v1/sites/{id}/backlinks', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let siteId: number;
  let otherSiteId: number;
  const b: Record<string, number> = {};

  const list = (query = '', site: number | string = siteId) =>
    request(t.http).get(`/api/v1/sites/${site}/backlinks${query}`).set('X-API-Key', owner.key);

  beforeAll(async () => {
    // These files test reads; the request limit has tests of its own.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    const other = await seedAccount(t.db, { name: 'Other agency' });
    siteId = await seedSite(t.db, owner.accountId);
    otherSiteId = await seedSite(t.db, other.accountId);
    // Seeded out of order so that only the query can put them in order.
    b.undatedOld = await seedBacklink(t.db, siteId, { acquired_at: null });
    b.nov3Start = await seedBacklink(t.db, siteId, { acquired_at: '2026-11-03T00:00:00Z' });
    b.nov2End = await seedBacklink(t.db, siteId, { acquired_at: '2026-11-02T23:59:59Z' });
    b.nov4Start = await seedBacklink(t.db, siteId, { acquired_at: '2026-11-04T00:00:00Z' });
    b.tieFirst = await seedBacklink(t.db, siteId, { acquired_at: '2026-11-03T12:00:00Z' });
    b.nov3End = await seedBacklink(t.db, siteId, { acquired_at: '2026-11-03T23:59:59Z' });
    b.tieSecond = await seedBacklink(t.db, siteId, {
      acquired_at: '2026-11-03T07:00:00-05:00',
      category: 'local',
    });
    b.undatedNew = await seedBacklink(t.db, siteId, { acquired_at: null, category: 'local' });
    await seedBacklink(t.db, otherSiteId, { acquired_at: '2026-11-03T12:00:00Z' });
  });
  afterAll(() => t.close());

  it('orders by acquired_at descending, ties by id descending, undated last', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([
      b.nov4Start,
      b.nov3End,
      b.tieSecond,
      b.tieFirst,
      b.nov3Start,
      b.nov2End,
      b.undatedNew,
      b.undatedOld,
    ]);
    expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 8, last_page: 1 });
  });

  it('gives each backlink its fields, id as a JSON number and acquired_at in UTC with whole seconds', async () => {
    const id = await seedBacklink(t.db, siteId, {
      acquired_at: '2019-06-30T23:30:15.750-01:00',
      source_domain: 'news.example',
      source_url: 'https://news.example/heroes',
      target_url: 'https://site.example/',
      anchor_text: 'Acme Plumbing',
      anchor_type: 'naked_url',
      status: 'pending',
      category: 'local',
    });
    const res = await list('?from=2019-07-01&to=2019-07-01');
    expect(res.text).toContain(`"id":${id},`);
    expect(res.body.data).toEqual([
      {
        id,
        acquired_at: '2019-07-01T00:30:15Z',
        source_domain: 'news.example',
        source_url: 'https://news.example/heroes',
        target_url: 'https://site.example/',
        anchor_text: 'Acme Plumbing',
        anchor_type: 'naked_url',
        status: 'pending',
        category: 'local',
      },
    ]);
    await t.db.query('DELETE FROM backlinks WHERE id = $1', [id]);
  });

  it('keeps large bigint ids exact', async () => {
    const [row] = await t.db.query(
      `INSERT INTO backlinks (id, site_id, acquired_at, category)
       OVERRIDING SYSTEM VALUE VALUES (9007199254740991, $1, '1990-01-01T00:00:00Z', 'industry') RETURNING id`,
      [siteId],
    );
    const res = await list('?to=1990-01-01');
    expect(res.text).toContain('"id":9007199254740991,');
    expect(res.body.data.map((x: { id: number }) => x.id)).toEqual([Number(row.id)]);
    await t.db.query('DELETE FROM backlinks WHERE id = $1', [row.id]);
  });

  it('shows null fields as null', async () => {
    const res = await list();
    expect(res.body.data.find((x: { id: number }) => x.id === b.undatedNew)).toMatchObject({
      acquired_at: null,
      category: 'local',
    });
  });

  it('filters on whole inclusive UTC days: 00:00:00Z and 23:59:59Z in, the next midnight out', async () => {
    expect(ids(await list('?from=2026-11-03&to=2026-11-03'))).toEqual([
      b.nov3End,
      b.tieSecond,
      b.tieFirst,
      b.nov3Start,
    ]);
    expect(ids(await list('?from=2026-11-04'))).toEqual([b.nov4Start]);
    expect(ids(await list('?to=2026-11-02'))).toEqual([b.nov2End]);
    const range = await list('?from=2026-11-02&to=2026-11-03&page=2&per_page=2');
    expect(ids(range)).toEqual([b.tieFirst, b.nov3Start]);
    expect(range.body.meta).toEqual({ page: 2, per_page: 2, total: 5, last_page: 3 });
  });

  it('leaves undated backlinks out of any from/to filter', async () => {
    const res = await list('?from=1000-01-01&to=9999-12-31');
    expect(res.status).toBe(200);
    expect(ids(res)).not.toContain(b.undatedNew);
    expect(ids(res)).not.toContain(b.undatedOld);
    expect(res.body.meta.total).toBe(6);
  });

  it('pages through the order without gaps or repeats, and past the end to an empty page', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => list(`?per_page=3&page=${p}`)));
    expect(pages.flatMap(ids)).toEqual(ids(await list()));
    const beyond = await list('?per_page=3&page=4');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({
      data: [],
      meta: { page: 4, per_page: 3, total: 8, last_page: 3 },
    });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])(
    'answers the site id %s with 422 invalid_parameter naming id',
    async (id) => {
      const res = await list('', id);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'invalid_parameter', details: [{ field: 'id' }] });
    },
  );

  it.each([
    ['from=2026-02-30', 'from'],
    ['to=2026-13-01', 'to'],
    ['from=2026-11-03T00:00:00Z', 'from'],
    ['to=03-11-2026', 'to'],
    ['page=0', 'page'],
    ['per_page=101', 'per_page'],
    ['per_page=ten', 'per_page'],
  ])('answers %s with 422 invalid_parameter naming %s', async (query, field) => {
    const res = await list(`?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('invalid_parameter');
    expect(res.body.details[0].field).toBe(field);
  });

  it('answers from later than to with 422 invalid_date_range', async () => {
    const res = await list('?from=2026-11-04&to=2026-11-03');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('invalid_date_range');
  });

  it.each([
    ['another account’s site', () => otherSiteId],
    ['a site that does not exist', () => 2147483647],
  ])('answers %s with 404 site_not_found', async (_, site) => {
    const res = await list('', site());
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('site_not_found');
  });
});
