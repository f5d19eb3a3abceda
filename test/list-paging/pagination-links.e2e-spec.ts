import request from 'supertest';
import { seedAccount, seedArticle, seedSite, type SeededAccount } from '../support/fixtures.js';
import { links } from '../support/link-header.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const PUBLIC_BASE_URL = 'https://reports.example.com/content-api';

// The Link cases every list shares (walking next, past the end, none on an error) are in
// list-endpoints.e2e-spec.ts; this one keeps a filter given before the paging parameters.
describe('Link headers on list responses', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL });
    owner = await seedAccount(t.db);
    siteId = await seedSite(t.db, owner.accountId);
    for (let day = 1; day <= 7; day++) {
      const at = `2026-10-0${day}T09:00:00Z`;
      await seedArticle(t.db, siteId, {
        published_at: at,
        status: day % 2 ? 'published' : 'draft',
      });
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
});
