import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { articleEtag } from '../../src/articles/edit/article-etag.js';
import { seedAccount, seedArticle, seedSite, SeededAccount } from '../support/fixtures.js';
import { listen } from '../support/mcp-client.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const ids = (res: request.Response): number[] => res.body.data.map((a: { id: number }) => a.id);

describe('GET /api/v1/sites/{id}/articles', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let siteId: number;
  let otherSiteId: number;
  const a: Record<string, number> = {};

  const list = (query = '', site = siteId) =>
    request(t.http).get(`/api/v1/sites/${site}/articles${query}`).set('X-API-Key', owner.key);

  beforeAll(async () => {
    // These files test reads; the request limit has tests of its own.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    const other = await seedAccount(t.db, { name: 'Other agency' });
    siteId = await seedSite(t.db, owner.accountId);
    const emptySite = await seedSite(t.db, owner.accountId, { name: 'Empty' });
    otherSiteId = await seedSite(t.db, other.accountId);
    // Seeded out of order so that only the query can put them in order.
    a.undatedOld = await seedArticle(t.db, siteId, { published_at: null, status: 'draft' });
    a.nov3Start = await seedArticle(t.db, siteId, { published_at: '2026-11-03T00:00:00Z' });
    a.nov2End = await seedArticle(t.db, siteId, { published_at: '2026-11-02T23:59:59Z' });
    a.nov4Start = await seedArticle(t.db, siteId, {
      published_at: '2026-11-04T00:00:00Z',
      status: 'scheduled',
    });
    a.tieFirst = await seedArticle(t.db, siteId, { published_at: '2026-11-03T09:30:00Z' });
    a.nov3End = await seedArticle(t.db, siteId, {
      published_at: '2026-11-03T23:59:59.999Z',
      status: 'Published',
    });
    a.tieSecond = await seedArticle(t.db, siteId, {
      published_at: '2026-11-03T10:30:00+01:00',
      status: 'unpublished',
    });
    a.undatedNew = await seedArticle(t.db, siteId, { published_at: null, status: 'draft' });
    a.old = await seedArticle(t.db, siteId, { published_at: '2024-02-29T12:00:00Z' });
    await seedArticle(t.db, otherSiteId, { published_at: '2026-11-03T12:00:00Z' });
    await seedArticle(t.db, emptySite, { published_at: null });
  });
  afterAll(() => t.close());

  it('orders by published_at descending, ties by id descending, undated last', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([
      a.nov4Start,
      a.nov3End,
      a.tieSecond,
      a.tieFirst,
      a.nov3Start,
      a.nov2End,
      a.old,
      a.undatedNew,
      a.undatedOld,
    ]);
    expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 9, last_page: 1 });
  });

  it('gives each article the Article fields, published_at in UTC with whole seconds, no body', async () => {
    const id = await seedArticle(t.db, siteId, {
      title: 'Radiators',
      url: 'https://site.example/radiators',
      status: 'published',
      published_at: '2020-01-05T10:15:30.250+02:00',
      target_keyword: 'bleed radiator',
      word_count: 1240,
      featured_image_url: 'https://cdn.example/r.webp',
    });
    const res = await list('?from=2020-01-05&to=2020-01-05');
    expect(res.body.data).toEqual([
      {
        id,
        site_id: siteId,
        title: 'Radiators',
        url: 'https://site.example/radiators',
        status: 'published',
        published_at: '2020-01-05T08:15:30Z',
        target_keyword: 'bleed radiator',
        word_count: 1240,
        featured_image_url: 'https://cdn.example/r.webp',
      },
    ]);
    await t.db.query('DELETE FROM articles WHERE id = $1', [id]);
  });

  it('shows null fields as null', async () => {
    const res = await list('?per_page=100');
    const undated = res.body.data.find((x: { id: number }) => x.id === a.undatedNew);
    expect(undated).toMatchObject({ published_at: null, url: null, target_keyword: null });
  });

  it('filters on whole inclusive UTC days: 00:00:00Z and 23:59:59Z in, the next midnight out', async () => {
    expect(ids(await list('?from=2026-11-03&to=2026-11-03'))).toEqual([
      a.nov3End,
      a.tieSecond,
      a.tieFirst,
      a.nov3Start,
    ]);
    expect(ids(await list('?from=2026-11-03'))).toEqual([
      a.nov4Start,
      a.nov3End,
      a.tieSecond,
      a.tieFirst,
      a.nov3Start,
    ]);
    expect(ids(await list('?to=2026-11-02'))).toEqual([a.nov2End, a.old]);
    const range = await list('?from=2026-11-02&to=2026-11-03&per_page=2');
    expect(ids(range)).toEqual([a.nov3End, a.tieSecond]);
    expect(range.body.meta).toEqual({ page: 1, per_page: 2, total: 5, last_page: 3 });
  });

  it('leaves undated articles out of any from/to filter', async () => {
    const res = await list('?from=1000-01-01&to=9999-12-31');
    expect(res.status).toBe(200);
    expect(ids(res)).not.toContain(a.undatedNew);
    expect(res.body.meta.total).toBe(7);
  });

  it('matches status exactly and case-sensitively, combined with dates', async () => {
    expect(ids(await list('?status=draft'))).toEqual([a.undatedNew, a.undatedOld]);
    expect(ids(await list('?status=published&from=2026-11-03&to=2026-11-03'))).toEqual([
      a.tieFirst,
      a.nov3Start,
    ]);
    expect(ids(await list('?status=Published'))).toEqual([a.nov3End]);
    const none = await list('?status=PUBLISHED');
    expect(none.body).toEqual({
      data: [],
      meta: { page: 1, per_page: 20, total: 0, last_page: 1 },
    });
  });

  it('pages through the order without gaps or repeats, and past the end to an empty page', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((p) => list(`?per_page=3&page=${p}`)));
    expect(pages.slice(0, 3).flatMap(ids)).toEqual(ids(await list()));
    expect(pages[3].status).toBe(200);
    expect(pages[3].body).toEqual({
      data: [],
      meta: { page: 4, per_page: 3, total: 9, last_page: 3 },
    });
    const far = await list('?page=999999999999999');
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
  });

  it('shows a site without articles as an empty first page', async () => {
    const site = await seedSite(t.db, owner.accountId);
    expect((await list('', site)).body).toEqual({
      data: [],
      meta: { page: 1, per_page: 20, total: 0, last_page: 1 },
    });
  });

  it('lists and edits an article whose title and URLs together are longer than an index entry', async () => {
    const site = await seedSite(t.db, owner.accountId, { name: 'Long fields' });
    // Random hex does not compress: with the title, well over the 2,704 bytes of a B-tree entry,
    // so the covering index of the list cannot hold this row, and the list is read without it.
    const long = (host: string) => `https://${host}.example/${randomBytes(1_000).toString('hex')}`;
    const newer = await seedArticle(t.db, site, { published_at: '2026-10-03T12:00:00Z' });
    const wide = await seedArticle(t.db, site, {
      title: 'é'.repeat(255),
      url: long('site'),
      featured_image_url: long('cdn'),
      published_at: '2026-10-02T12:00:00Z',
    });
    const older = await seedArticle(t.db, site, { published_at: '2026-10-01T12:00:00Z' });
    const pages = async () => [
      ...ids(await list('?per_page=2', site)),
      ...ids(await list('?per_page=2&page=2', site)),
    ];
    expect(await pages()).toEqual([newer, wide, older]);
    const [stored] = await t.db.query(
      'SELECT title, url, featured_image_url FROM articles WHERE id = $1',
      [wide],
    );
    expect((await list('', site)).body.data[1]).toMatchObject({ id: wide, ...stored });

    const edit = await request(t.http)
      .put(`/api/v1/articles/${wide}`)
      .set('X-API-Key', owner.key)
      .send({ title: 'ü'.repeat(255), body: '<p>Edited</p>' });
    expect(edit.status).toBe(200);
    expect((await list('', site)).body.data[1]).toMatchObject({
      id: wide,
      title: 'ü'.repeat(255),
    });

    // Short again, the row is read from the covering index with the others.
    await t.db.query(
      `UPDATE articles SET url = 'https://site.example/short', featured_image_url = NULL WHERE id = $1`,
      [wide],
    );
    expect(await pages()).toEqual([newer, wide, older]);
    expect((await list('', site)).body.data[1]).toMatchObject({
      id: wide,
      url: 'https://site.example/short',
      featured_image_url: null,
    });
  });

  it.each([['abc'], ['0'], ['-1'], ['1.5'], ['99999999999'], ['2147483648']])(
    'answers the site id %s with 422 invalid_parameter naming id',
    async (id) => {
      const res = await request(t.http)
        .get(`/api/v1/sites/${id}/articles`)
        .set('X-API-Key', owner.key);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'invalid_parameter', details: [{ field: 'id' }] });
    },
  );

  it.each([
    ['from=2026-02-30', 'from'],
    ['from=2026-13-01', 'from'],
    ['to=2026-11-03T00:00:00Z', 'to'],
    ['to=2026-11-3', 'to'],
    ['from=', 'from'],
    ['from=2026-11-01&from=2026-11-02', 'from'],
    ['status=a&status=b', 'status'],
    [`status=${'s'.repeat(256)}`, 'status'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=101', 'per_page'],
    ['per_page=0', 'per_page'],
    ['per_page=2.5', 'per_page'],
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

  it('ignores unknown query parameters', async () => {
    expect((await list('?colour=blue')).status).toBe(200);
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

describe('GET /api/v1/articles/{id}', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let articleId: number;
  let otherArticleId: number;
  let siteId: number;
  const body =
    '<p>Fix it with <a href="https://partner.example/?a=1&amp;b=2" data-service-protected="backlink" rel="nofollow">our   trusted partner</a>.</p>' +
    '<p><a href="/guides/boilers" data-service-protected="internal">boiler guide</a> and <a href="https://x.example/">a plain link</a></p>';

  const get = (id: number | string, headers: Record<string, string> = {}) =>
    request(t.http)
      .get(`/api/v1/articles/${id}`)
      .set({ 'X-API-Key': owner.key, ...headers });

  beforeAll(async () => {
    // These files test reads; the request limit has tests of its own.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    const other = await seedAccount(t.db, { name: 'Other agency' });
    siteId = await seedSite(t.db, owner.accountId);
    articleId = await seedArticle(t.db, siteId, {
      title: 'Boilers',
      url: 'https://site.example/boilers',
      status: 'published',
      published_at: '2026-11-03T09:30:00Z',
      target_keyword: 'boiler repair',
      word_count: 12,
      featured_image_url: 'https://cdn.example/b.webp',
      body,
    });
    otherArticleId = await seedArticle(t.db, await seedSite(t.db, other.accountId));
  });
  afterAll(() => t.close());

  it('returns the article with its body and protected links', async () => {
    const res = await get(articleId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: articleId,
        site_id: siteId,
        title: 'Boilers',
        url: 'https://site.example/boilers',
        status: 'published',
        published_at: '2026-11-03T09:30:00Z',
        target_keyword: 'boiler repair',
        word_count: 12,
        featured_image_url: 'https://cdn.example/b.webp',
        body,
        protected_links: [
          {
            type: 'backlink',
            href: 'https://partner.example/?a=1&b=2',
            text: 'our trusted partner',
          },
          { type: 'internal', href: '/guides/boilers', text: 'boiler guide' },
        ],
      },
    });
  });

  it('sets the shared article ETag, which changes when the content changes', async () => {
    const first = await get(articleId);
    expect(first.headers.etag).toBe(
      articleEtag({ title: 'Boilers', body, featured_image_url: 'https://cdn.example/b.webp' }),
    );
    await t.db.query(`UPDATE articles SET title = 'Boilers!' WHERE id = $1`, [articleId]);
    const second = await get(articleId);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    await t.db.query(`UPDATE articles SET title = 'Boilers' WHERE id = $1`, [articleId]);
  });

  it.each([
    ['the tag itself', (tag: string) => tag],
    ['a list holding it', (tag: string) => `"stale", ${tag}`],
    ['its weak form', (tag: string) => `W/${tag}`],
    ['*', () => '*'],
  ])('answers If-None-Match with %s by 304, no body', async (_, header) => {
    const tag: string = (await get(articleId)).headers.etag;
    const res = await get(articleId, { 'If-None-Match': header(tag) });
    expect(res.status).toBe(304);
    expect(res.text).toBe('');
    expect(res.headers.etag).toBe(tag);
  });

  it('answers a stale If-None-Match with 200 and the article', async () => {
    const res = await get(articleId, { 'If-None-Match': '"stale"' });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(articleId);
  });

  it('answers 304 to a conditional GET whatever its Cache-Control says', async () => {
    const tag: string = (await get(articleId)).headers.etag;
    for (const cacheControl of ['no-cache', 'max-age=0', 'no-store']) {
      const res = await get(articleId, { 'If-None-Match': tag, 'Cache-Control': cacheControl });
      expect([cacheControl, res.status]).toEqual([cacheControl, 304]);
    }
  });

  it('gets its 304 through fetch, which adds Cache-Control: no-cache to a conditional request', async () => {
    const base = await listen(t);
    const url = `${base}/api/v1/articles/${articleId}`;
    const headers = { Authorization: `Bearer ${owner.key}` };
    const first = await fetch(url, { headers });
    const etag = first.headers.get('etag')!;
    expect(first.status).toBe(200);
    const again = await fetch(url, { headers: { ...headers, 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const stale = await fetch(url, { headers: { ...headers, 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
  });

  it('ignores a malformed If-None-Match and answers the article', async () => {
    const res = await get(articleId, { 'If-None-Match': 'not-a-tag' });
    expect(res.status).toBe(200);
  });

  it('gives an article without protected links an empty list and null fields as null', async () => {
    const id = await seedArticle(t.db, siteId, {
      title: null,
      published_at: null,
      status: null,
      word_count: null,
      body: '<p>plain</p>',
    });
    const res = await get(id);
    expect(res.body.data).toMatchObject({
      title: null,
      published_at: null,
      status: null,
      word_count: null,
      featured_image_url: null,
      protected_links: [],
    });
    expect(res.headers.etag).toBe(
      articleEtag({ title: null, body: '<p>plain</p>', featured_image_url: null }),
    );
  });

  it.each([
    ['another account’s article', () => otherArticleId],
    ['an article that does not exist', () => 2147483647],
  ])('answers %s with 404 article_not_found', async (_, id) => {
    const res = await get(id());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: 'article_not_found',
      message: expect.stringContaining(String(id())),
    });
  });

  it.each(['abc', '0', '-5', '1.5', '99999999999', '2147483648'])(
    'answers the id %s with 422 invalid_parameter naming id',
    async (id) => {
      const res = await get(id);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'invalid_parameter', details: [{ field: 'id' }] });
    },
  );
});
