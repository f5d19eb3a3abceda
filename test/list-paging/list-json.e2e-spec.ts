import request from 'supertest';
import { seedAccount, seedArticle, seedBacklink, seedSite } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/**
 * List pages are serialised by PostgreSQL, not by JSON.stringify: the body
 * must be byte for byte what JSON.stringify would write for the same page,
 * whatever the text holds, on shallow and deep pages alike.
 */
describe('list pages as PostgreSQL writes them', () => {
  let t: TestApp;
  let key: string;
  let siteId: number;

  /** Quotes, backslashes, every kind of control character, non-ASCII, an emoji, U+2028 and markup. */
  const AWKWARD =
    'He said "hi" \\ there\u0001\u0008\t\n\f\r\u001f\u007f é 中文 😀 \u2028\u2029 </script>';

  beforeAll(async () => {
    t = await createTestApp();
    const account = await seedAccount(t.db);
    key = account.key;
    siteId = await seedSite(t.db, account.accountId, {
      name: AWKWARD,
      industry: 'Home \\ "services"',
    });
    for (let i = 0; i < 3; i++) {
      await seedArticle(t.db, siteId, {
        title: `${AWKWARD} ${i}`,
        url: `https://site.example/${i}?a=1&b="2"`,
        target_keyword: i === 0 ? null : AWKWARD,
        word_count: i === 1 ? null : 12_345,
        published_at: i === 2 ? null : `2026-0${i + 1}-15T10:20:30.456Z`,
      });
    }
    await t.db.query(`SELECT setval(pg_get_serial_sequence('backlinks', 'id'), 9007199254740000)`);
    for (let i = 0; i < 1_005; i++) {
      await seedBacklink(t.db, siteId, {
        anchor_text: i % 2 ? AWKWARD : null,
        acquired_at:
          i % 100 === 0 ? null : `2026-02-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`,
      });
    }
  });
  afterAll(() => t.close());

  async function listed(path: string) {
    const res = await request(t.http)
      .get(path)
      .set('Authorization', `Bearer ${key}`)
      .expect(200)
      .expect('Content-Type', 'application/json; charset=utf-8');
    return res;
  }

  it('a sites page is exactly JSON.stringify of its value', async () => {
    const res = await listed('/api/v1/sites');
    expect(res.text).toBe(JSON.stringify(JSON.parse(res.text)));
    expect(res.body.data).toEqual([
      {
        id: siteId,
        name: AWKWARD,
        website_url: 'https://site.example',
        language: 'en',
        country: 'US',
        geographic_scope: 'national',
        industry: 'Home \\ "services"',
      },
    ]);
    expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 1, last_page: 1 });
  });

  it('an articles page is exactly JSON.stringify of its value', async () => {
    const res = await listed(`/api/v1/sites/${siteId}/articles`);
    expect(res.text).toBe(JSON.stringify(JSON.parse(res.text)));
    expect(res.body.data.map((a: { title: string }) => a.title)).toEqual([
      `${AWKWARD} 1`,
      `${AWKWARD} 0`,
      `${AWKWARD} 2`,
    ]);
    expect(res.body.data[0]).toMatchObject({
      published_at: '2026-02-15T10:20:30Z',
      target_keyword: AWKWARD,
      word_count: null,
    });
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
  });

  it('backlinks pages, shallow and deep, with ids past 2^52, are exactly JSON.stringify of their value', async () => {
    for (const path of [
      `/api/v1/sites/${siteId}/backlinks?per_page=100`,
      `/api/v1/sites/${siteId}/backlinks?per_page=10&page=101`,
    ]) {
      const res = await listed(path);
      expect(res.text).toBe(JSON.stringify(JSON.parse(res.text)));
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.data[0].id).toBeGreaterThan(9_007_199_254_740_000);
      expect(res.text).toMatch(/"id":9007199254740\d{3},/);
    }
    const last = await listed(`/api/v1/sites/${siteId}/backlinks?per_page=10&page=101`);
    expect(last.body.data.map((b: { acquired_at: string | null }) => b.acquired_at)).toEqual(
      Array(5).fill(null),
    );
    expect(last.body.meta).toEqual({ page: 101, per_page: 10, total: 1_005, last_page: 101 });
  });
});
