import request from 'supertest';
import {
  seedAccount,
  seedArticle,
  seedBacklink,
  seedSite,
  type SeededAccount,
} from './support/fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_BASE_URL = 'https://reports.example.com/content-api';

/** `{rel: url}` of an RFC 8288 Link header. */
function links(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '')
      .split(', ')
      .filter(Boolean)
      .map((link) => {
        const [, url, rel] = /^<([^>]+)>; rel="(\w+)"$/.exec(link)!;
        return [rel, url];
      }),
  );
}

/** The request path of a link, for the app under test. */
function pathOf(url: string): string {
  expect(url.startsWith(PUBLIC_BASE_URL)).toBe(true);
  return url.slice(PUBLIC_BASE_URL.length);
}

describe('Link headers on list responses', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL });
    owner = await seedAccount(t.db);
    siteId = await seedSite(t.db, owner.accountId);
    for (let i = 0; i < 4; i++) await seedSite(t.db, owner.accountId, { name: `Site ${i}` });
    for (let day = 1; day <= 7; day++) {
      const at = `2026-10-0${day}T09:00:00Z`;
      await seedArticle(t.db, siteId, {
        published_at: at,
        status: day % 2 ? 'published' : 'draft',
      });
      await seedBacklink(t.db, siteId, { acquired_at: at });
    }
  });
  afterAll(() => t.close());

  const get = (path: string) => request(t.http).get(path).set('X-API-Key', owner.key);

  it('links the first, previous, next and last pages on the public base URL, keeping every parameter', async () => {
    const res = await get(
      `/api/v1/sites/${siteId}/articles?status=published&per_page=1&page=2&x=1`,
    );
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 2, per_page: 1, total: 4, last_page: 4 });
    const base = `${PUBLIC_BASE_URL}/api/v1/sites/${siteId}/articles?status=published&per_page=1`;
    expect(links(res.headers.link)).toEqual({
      first: `${base}&page=1&x=1`,
      prev: `${base}&page=1&x=1`,
      next: `${base}&page=3&x=1`,
      last: `${base}&page=4&x=1`,
    });
  });

  it.each([
    ['sites', () => '/api/v1/sites?per_page=2', 5],
    ['articles', () => `/api/v1/sites/${siteId}/articles?from=2026-10-02&per_page=2`, 6],
    ['backlinks', () => `/api/v1/sites/${siteId}/backlinks?to=2026-10-06&per_page=4`, 6],
  ])(
    'walks every %s page by following next, seeing each item once',
    async (_name, first, total) => {
      const seen: number[] = [];
      let path: string | undefined = first();
      while (path !== undefined) {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.body.meta.total).toBe(total);
        seen.push(...res.body.data.map((item: { id: number }) => item.id));
        const next: string | undefined = links(res.headers.link).next;
        path = next === undefined ? undefined : pathOf(next);
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
    },
  );

  it('has first and last only on a single page, and points prev past the end at the last page', async () => {
    expect(Object.keys(links((await get('/api/v1/sites')).headers.link))).toEqual([
      'first',
      'last',
    ]);
    const past = links((await get('/api/v1/sites?per_page=2&page=9')).headers.link);
    expect(past).toEqual({
      first: `${PUBLIC_BASE_URL}/api/v1/sites?per_page=2&page=1`,
      prev: `${PUBLIC_BASE_URL}/api/v1/sites?per_page=2&page=3`,
      last: `${PUBLIC_BASE_URL}/api/v1/sites?per_page=2&page=3`,
    });
  });

  it('sends no Link with an error', async () => {
    const res = await get('/api/v1/sites?per_page=0');
    expect(res.status).toBe(422);
    expect(res.headers.link).toBeUndefined();
  });
});
