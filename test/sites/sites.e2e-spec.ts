import request from 'supertest';
import { seedAccount, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

describe('GET /api/v1/sites', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let other: SeededAccount;
  const siteIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await seedAccount(t.db);
    other = await seedAccount(t.db, { name: 'Other agency' });
    for (let i = 0; i < 25; i++)
      siteIds.push(await seedSite(t.db, owner.accountId, { name: `Site ${i}` }));
    await seedSite(t.db, other.accountId, { name: 'Not yours' });
  });
  afterAll(() => t.close());

  it('lists only the sites of the key’s account, by id ascending, 20 per page by default', async () => {
    const res = await request(t.http)
      .get('/api/v1/sites')
      .set('Authorization', `Bearer ${owner.key}`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 25, last_page: 2 });
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual(siteIds.slice(0, 20));
    expect(res.body.data[0]).toEqual({
      id: siteIds[0],
      name: 'Site 0',
      website_url: 'https://site.example',
      language: 'en',
      country: 'US',
      geographic_scope: 'national',
      industry: 'Home services',
    });
  });

  it('pages with page and per_page, and answers a page past the end with no data and true meta', async () => {
    const second = await request(t.http)
      .get('/api/v1/sites?page=2&per_page=20')
      .set('X-API-Key', owner.key);
    expect(second.body.data.map((s: { id: number }) => s.id)).toEqual(siteIds.slice(20));
    const beyond = await request(t.http)
      .get('/api/v1/sites?page=9&per_page=10')
      .set('X-API-Key', owner.key);
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({
      data: [],
      meta: { page: 9, per_page: 10, total: 25, last_page: 3 },
    });
  });

  it('ignores unknown query parameters', async () => {
    const res = await request(t.http).get('/api/v1/sites?colour=blue').set('X-API-Key', owner.key);
    expect(res.status).toBe(200);
  });

  it('shows an empty account as an empty first page', async () => {
    const empty = await seedAccount(t.db, { name: 'Empty' });
    const res = await request(t.http).get('/api/v1/sites').set('X-API-Key', empty.key);
    expect(res.body).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } });
  });
});
