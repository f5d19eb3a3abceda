import request from 'supertest';
import { secondsUntilUtcMidnight } from '../../src/articles/edit/edit-limit.service.js';
import { articleState, editsCounted } from '../support/article-state.js';
import { seedAccount, seedArticle, seedKey, seedSite, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const edit = (t: TestApp, key: string, id: number, body: string) =>
  request(t.http).put(`/api/v1/articles/${id}`).set('X-API-Key', key).send({ body });

describe('Daily edit limit', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ EDIT_LIMIT_PER_DAY: '3', RATE_LIMIT_PER_MINUTE: '100000' });
    owner = await seedAccount(t.db);
    siteId = await seedSite(t.db, owner.accountId);
  });
  afterAll(() => t.close());

  it('counts successful edits of both kinds per key, not refused ones, and refuses the next with 429 until midnight UTC', async () => {
    const key = await seedKey(t.db, owner.accountId);
    const id = await seedArticle(t.db, siteId);
    expect((await edit(t, key.key, id, '<p>one</p>')).status).toBe(200);
    expect((await edit(t, key.key, id, '<script>x</script>')).status).toBe(422);
    expect((await edit(t, key.key, id, '<p>one</p>')).status).toBe(200);
    const image = await request(t.http)
      .post(`/api/v1/articles/${id}/featured-image`)
      .set('X-API-Key', key.key)
      .send({ url: 'https://cdn.example/a.png' });
    expect(image.status).toBe(200);
    expect((await edit(t, key.key, id, '<p>two</p>')).status).toBe(200);
    expect(await editsCounted(t.db, key.keyId)).toBe(3);

    const before = await articleState(t.db, id);
    const latest = secondsUntilUtcMidnight(new Date());
    const refused = await edit(t, key.key, id, '<p>three</p>');
    const earliest = secondsUntilUtcMidnight(new Date());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'edit_limit_exceeded',
      message: expect.any(String),
      limit: 3,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(earliest);
    expect(retryAfter).toBeLessThanOrEqual(latest);
    expect(await articleState(t.db, id)).toEqual(before);

    const featured = await request(t.http)
      .post(`/api/v1/articles/${id}/featured-image`)
      .set('X-API-Key', key.key)
      .send({ url: 'https://cdn.example/b.png' });
    expect(featured.status).toBe(429);
    expect(await editsCounted(t.db, key.keyId)).toBe(3);
  });

  it('keeps a separate count for each key of the account', async () => {
    const first = await seedKey(t.db, owner.accountId);
    const second = await seedKey(t.db, owner.accountId);
    const id = await seedArticle(t.db, siteId);
    for (let i = 0; i < 3; i++) {
      expect((await edit(t, first.key, id, `<p>first ${i}</p>`)).status).toBe(200);
    }
    expect((await edit(t, first.key, id, '<p>first again</p>')).status).toBe(429);
    expect((await edit(t, second.key, id, '<p>second</p>')).status).toBe(200);
  });

  it('lets a no-op through after the limit without counting it', async () => {
    const key = await seedKey(t.db, owner.accountId);
    const id = await seedArticle(t.db, siteId, { body: '<p>same</p>' });
    for (let i = 0; i < 3; i++) {
      expect((await edit(t, key.key, id, `<p>v${i}</p>`)).status).toBe(200);
    }
    expect((await edit(t, key.key, id, '<p>v2</p>')).status).toBe(200);
    expect(await editsCounted(t.db, key.keyId)).toBe(3);
  });
});

describe('Daily edit limit under concurrency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ EDIT_LIMIT_PER_DAY: '10', RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  it('lets exactly 10 of 50 concurrent edits through, on 50 different articles', async () => {
    const owner = await seedAccount(t.db);
    const siteId = await seedSite(t.db, owner.accountId);
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push(await seedArticle(t.db, siteId));

    const responses = await Promise.all(
      ids.map((id, i) => edit(t, owner.key, id, `<p>concurrent edit ${i}</p>`)),
    );

    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    expect(await editsCounted(t.db, owner.keyId)).toBe(10);
    const [revisions] = await t.db.query<Array<{ edited: number }>>(
      `SELECT count(*)::int AS edited FROM article_revisions WHERE origin = 'api'`,
    );
    expect(revisions.edited).toBe(10);
    const changed = await Promise.all(ids.map((id) => articleState(t.db, id)));
    expect(changed.filter((state) => state.body.startsWith('<p>concurrent'))).toHaveLength(10);
  });
});
