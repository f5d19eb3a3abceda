import request from 'supertest';
import {
  seedAccount,
  seedArticle,
  seedBacklink,
  seedSite,
  type SeededAccount,
} from '../support/fixtures.js';
import { LIST_ENDPOINTS, type ListEndpoint, type ListFixture } from '../support/list-endpoints.js';
import { links } from '../support/link-header.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const PUBLIC_BASE_URL = 'https://reports.example.com/content-api';

/** The request path of a link, for the app under test. */
function pathOf(url: string): string {
  expect(url.startsWith(PUBLIC_BASE_URL)).toBe(true);
  return url.slice(PUBLIC_BASE_URL.length);
}

/**
 * The cases every list endpoint shares, run over the table in
 * test/support/list-endpoints.ts: a new list endpoint is one row there.
 */
describe.each(LIST_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))(
  'list endpoint: %s',
  (_name, endpoint: ListEndpoint) => {
    let t: TestApp;
    let owner: SeededAccount;
    let fixture: ListFixture;

    const get = (query = '') =>
      request(t.http)
        .get(`${endpoint.path(fixture)}${query === '' ? '' : `?${query}`}`)
        .set('X-API-Key', owner.key);
    const idsOf = (res: request.Response) =>
      (res.body.data as unknown[]).map((item) => endpoint.itemId(item));

    /** Follows `next` from the first page; the ids seen, and every page's meta and links. */
    const walk = async (query: string) => {
      const seen: number[] = [];
      const pages: Array<{ meta: Record<string, number>; rels: string[] }> = [];
      let res = await get(query);
      for (;;) {
        expect(res.status).toBe(200);
        seen.push(...idsOf(res));
        const found = links(res.headers.link);
        pages.push({ meta: res.body.meta, rels: Object.keys(found) });
        if (found.next === undefined) break;
        res = await request(t.http).get(pathOf(found.next)).set('X-API-Key', owner.key);
      }
      return { seen, pages };
    };

    beforeAll(async () => {
      t = await createTestApp({ PUBLIC_BASE_URL, RATE_LIMIT_PER_MINUTE: '100000' });
      owner = await seedAccount(t.db);
      const other = await seedAccount(t.db, { name: 'Other agency' });
      const siteId = await seedSite(t.db, owner.accountId);
      for (let i = 0; i < 4; i++) await seedSite(t.db, owner.accountId, { name: `Site ${i}` });
      for (let day = 1; day <= 7; day++) {
        // Two items a day on odd days (a tie broken by id), one on the others.
        for (let n = 0; n < 1 + (day % 2); n++) {
          const at = `2026-10-0${day}T0${n}:00:00Z`;
          await seedArticle(t.db, siteId, {
            published_at: at,
            status: day % 3 ? 'published' : 'draft',
          });
          await seedBacklink(t.db, siteId, { acquired_at: at });
        }
      }
      await seedArticle(t.db, siteId, { published_at: null });
      await seedBacklink(t.db, siteId, { acquired_at: null });
      // Another account's site and items, which no list of the owner may show.
      const elsewhere = await seedSite(t.db, other.accountId);
      await seedArticle(t.db, elsewhere);
      await seedBacklink(t.db, elsewhere);
      fixture = { db: t.db, accountId: owner.accountId, siteId };
    });
    afterAll(() => t.close());

    it('answers the first page by default: 20 per page, the list in its order, true meta', async () => {
      const all = await endpoint.ids(fixture);
      expect(all.length).toBeGreaterThan(2);
      const res = await get();
      expect(res.status).toBe(200);
      expect(idsOf(res)).toEqual(all.slice(0, 20));
      expect(res.body.meta).toMatchObject({
        page: 1,
        per_page: 20,
        total: all.length,
        last_page: 1,
      });
      expect(Object.keys(links(res.headers.link))).toEqual(['first', 'last']);
    });

    it('walks every page by following next, each item once, in order, with the same total', async () => {
      const all = await endpoint.ids(fixture);
      const { seen, pages } = await walk('per_page=2');
      expect(seen).toEqual(all);
      const lastPage = Math.ceil(all.length / 2);
      expect(pages.map((p) => p.meta.page)).toEqual(
        Array.from({ length: lastPage }, (_, i) => i + 1),
      );
      for (const { meta } of pages) {
        expect(meta).toMatchObject({ per_page: 2, total: all.length, last_page: lastPage });
      }
      expect(pages[0].rels).toEqual(['first', 'next', 'last']);
      expect(pages[1].rels).toEqual(['first', 'prev', 'next', 'last']);
      expect(pages[pages.length - 1].rels).toEqual(['first', 'prev', 'last']);
    });

    it('links pages on the public base URL, keeping every other parameter', async () => {
      const res = await get('per_page=1&page=2&colour=blue');
      expect(res.status).toBe(200);
      const base = `${PUBLIC_BASE_URL}${endpoint.path(fixture)}?per_page=1`;
      const last = res.body.meta.last_page as number;
      expect(links(res.headers.link)).toEqual({
        first: `${base}&page=1&colour=blue`,
        prev: `${base}&page=1&colour=blue`,
        next: `${base}&page=3&colour=blue`,
        last: `${base}&page=${last}&colour=blue`,
      });
    });

    it('answers a page past the end with no data, true meta, and prev pointing at the last page', async () => {
      const all = await endpoint.ids(fixture);
      const res = await get('per_page=2&page=999999999999999');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      const lastPage = Math.ceil(all.length / 2);
      expect(res.body.meta).toMatchObject({
        page: 999999999999999,
        per_page: 2,
        total: all.length,
        last_page: lastPage,
      });
      expect(links(res.headers.link).prev).toBe(
        `${PUBLIC_BASE_URL}${endpoint.path(fixture)}?per_page=2&page=${lastPage}`,
      );
    });

    it.each(['per_page=1', 'per_page=100'])('accepts %s, the bounds of per_page', async (query) => {
      const all = await endpoint.ids(fixture);
      const res = await get(query);
      expect(res.status).toBe(200);
      expect(idsOf(res)).toEqual(all.slice(0, query === 'per_page=1' ? 1 : 100));
    });

    it.each([
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['per_page=1.5', 'per_page'],
      ['per_page=ten', 'per_page'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['page=1e2', 'page'],
      ['page=1000000000000000', 'page'],
    ])(
      'refuses %s with 422 invalid_parameter naming %s, in the error envelope',
      async (query, field) => {
        const res = await get(query);
        expect(res.status).toBe(422);
        expect(res.type).toBe('application/json');
        expect(res.body).toMatchObject({
          error: 'invalid_parameter',
          message: expect.stringContaining(field),
          details: [expect.objectContaining({ field, message: expect.any(String) })],
        });
        expect(res.headers.link).toBeUndefined();
      },
    );

    const filters = endpoint.filters.map((filter) => [filter.query, filter] as const);
    if (filters.length > 0) {
      it.each(filters)(
        'filtered by %s, pages through exactly the matching items',
        async (query, filter) => {
          const matching = await filter.ids(fixture);
          expect(matching.length).toBeGreaterThan(0);
          expect(matching.length).toBeLessThan((await endpoint.ids(fixture)).length);
          const { seen, pages } = await walk(`${query}&per_page=2`);
          expect(seen).toEqual(matching);
          for (const { meta } of pages) expect(meta.total).toBe(matching.length);
        },
      );
    }

    // Objects, not rows: a row shorter than the test's parameters would hand it Jest's `done`.
    const badFilters = endpoint.badFilters.map(([query, error, field]) => ({
      query,
      error,
      field,
    }));
    if (badFilters.length > 0) {
      it.each(badFilters)(
        'refuses $query with 422 $error, in the error envelope',
        async ({ query, error, field }) => {
          const res = await get(query);
          expect(res.status).toBe(422);
          expect(res.body).toMatchObject({ error, message: expect.any(String) });
          if (field !== undefined) expect(res.body.details[0].field).toBe(field);
          expect(res.headers.link).toBeUndefined();
        },
      );
    }
  },
);
