import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { KEY_CACHE_TTL_MS } from '../../src/auth/key-cache.js';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { ConsoleClient } from '../support/console-client.js';
import { seedAccount, seedUser, type SeededAccount, type SeededUser } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORIGIN = 'http://api.test';

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The secret on a created (or rotated) key's page. */
function secretOf(html: string): string {
  return /<code id="new-key">([^<]+)<\/code>/.exec(html)![1];
}

describe('rotating a key: a new secret, the old one working for the overlap picked, then revoked', () => {
  let t: TestApp;
  let agency: SeededAccount;
  let owner: SeededUser;
  let browser: ConsoleClient;

  const sites = (key: string) => request(t.http).get('/api/v1/sites').set('X-API-Key', key);

  async function createKey(
    client: ConsoleClient,
    name: string,
  ): Promise<{ id: number; secret: string }> {
    await client.get('/console/connection');
    const posted = await client.post('/console/connection/keys', {
      name,
      scopes: ['read', 'write'],
      expires: `${new Date().getUTCFullYear() + 1}-12-31`,
    });
    expect(posted.status).toBe(303);
    const secret = secretOf((await client.get(posted.headers.location)).text);
    const [{ id }] = await t.db.query(`SELECT id FROM api_keys WHERE name = $1`, [name]);
    return { id, secret };
  }

  async function rotate(client: ConsoleClient, id: number, overlap: string) {
    await client.get(`/console/connection/keys/${id}/rotate`);
    return client.post(`/console/connection/keys/${id}/rotate`, { overlap });
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    agency = await seedAccount(t.db, { name: 'Acme Agency' });
    owner = await seedUser(t.db, agency.accountId, { name: 'Olga Owner' });
    browser = new ConsoleClient(t.http, ORIGIN);
    expect((await browser.signIn(owner.email, owner.password)).status).toBe(303);
  });
  afterAll(() => t.close());

  it('shows the new secret once and keeps both working, both listed', async () => {
    const old = await createKey(browser, 'Deploy script');
    expect((await sites(old.secret)).status).toBe(200);

    const list = await browser.get('/console/connection');
    expect(list.text).toContain(`href="/console/connection/keys/${old.id}/rotate"`);
    const confirm = await browser.get(`/console/connection/keys/${old.id}/rotate`);
    expect(confirm.status).toBe(200);
    expect(textOf(confirm.text)).toContain('The old secret keeps working for');
    expect(confirm.text).toContain('<option value="24" selected="">1 day</option>');
    expect(confirm.text).toContain('<option value="168">7 days</option>');

    const before = Date.now();
    const posted = await browser.post(`/console/connection/keys/${old.id}/rotate`, {
      overlap: '24',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe('/console/connection/keys/created');
    const shown = await browser.get(posted.headers.location);
    expect(shown.status).toBe(200);
    const secret = secretOf(shown.text);
    expect(secret).not.toBe(old.secret);
    const words = textOf(shown.text);
    expect(words).toContain('Key “Deploy script” rotated');
    expect(words).toMatch(
      /keeps working until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC ?, then it is revoked/,
    );
    // Reloading shows no secret and makes nothing.
    const reloaded = await browser.get('/console/connection/keys/created');
    expect(reloaded.status).toBe(303);
    expect(reloaded.text).not.toContain(secret);

    const stored = await t.db.query(
      `SELECT id, name, scopes, expires_at, revoked_at, replaced_by_key_id, created_by_user_id
         FROM api_keys WHERE name = 'Deploy script' ORDER BY id`,
    );
    expect(stored).toHaveLength(2);
    const [was, now] = stored;
    expect(was.replaced_by_key_id).toBe(now.id);
    expect(now).toMatchObject({
      scopes: ['read', 'write'],
      expires_at: was.expires_at,
      revoked_at: null,
      created_by_user_id: owner.userId,
    });
    const overlapEnds = (was.revoked_at as Date).getTime();
    expect(overlapEnds).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(overlapEnds).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);

    expect((await sites(old.secret)).status).toBe(200);
    expect((await sites(secret)).status).toBe(200);

    const listed = await browser.get('/console/connection');
    const rowOf = (id: number) =>
      textOf(new RegExp(`<tr id="key-${id}">(.*?)</tr>`, 's').exec(listed.text)![1]);
    expect(rowOf(was.id)).toMatch(/Rotated works until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(rowOf(was.id)).toContain(`Replaced by ${secret.slice(0, 8)}…`);
    expect(rowOf(now.id)).toContain(`Active Replaces ${old.secret.slice(0, 8)}…`);
    // The old key can still be revoked early, not rotated again.
    expect(listed.text).toContain(`href="/console/connection/keys/${was.id}/revoke"`);
    expect(listed.text).not.toContain(`href="/console/connection/keys/${was.id}/rotate"`);

    // The overlap ends (its end moved to the past): the old secret stops, the new one works.
    await t.db.query(`UPDATE api_keys SET revoked_at = now() - interval '1 second' WHERE id = $1`, [
      was.id,
    ]);
    await sleep(KEY_CACHE_TTL_MS + 200);
    expect((await sites(old.secret)).status).toBe(401);
    expect((await sites(secret)).status).toBe(200);
    expect(textOf((await browser.get('/console/connection')).text)).toMatch(/Revoked \d{4}-/);

    await t.app.get(LearningLogWriter).flush();
    const [logged] = await t.db.query(
      `SELECT status FROM learning_log WHERE operation = 'rotateKey' AND account_id = $1`,
      [agency.accountId],
    );
    expect(logged).toEqual({ status: 200 });
  });

  it('makes one new key when Rotate is posted twice at once', async () => {
    const key = await createKey(browser, 'Double click');
    await browser.get(`/console/connection/keys/${key.id}/rotate`);
    const [first, second] = await Promise.all([
      browser.post(`/console/connection/keys/${key.id}/rotate`, { overlap: '1' }),
      browser.post(`/console/connection/keys/${key.id}/rotate`, { overlap: '1' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([303, 409]);
    const refused = first.status === 409 ? first : second;
    expect(textOf(refused.text)).toContain('rotated already');
    const rows = await t.db.query(`SELECT id FROM api_keys WHERE name = 'Double click'`);
    expect(rows).toHaveLength(2);
    // Rotating the rotated key again is refused too, with a page that says why.
    const again = await rotate(browser, key.id, '1');
    expect(again.status).toBe(409);
  });

  it('refuses an overlap it does not offer, and changes nothing', async () => {
    const key = await createKey(browser, 'Overlap check');
    const refused = await rotate(browser, key.id, '999');
    expect(refused.status).toBe(422);
    expect(textOf(refused.text)).toContain('Pick how long the old secret keeps working');
    const rows = await t.db.query(
      `SELECT revoked_at, replaced_by_key_id FROM api_keys WHERE name = 'Overlap check'`,
    );
    expect(rows).toEqual([{ revoked_at: null, replaced_by_key_id: null }]);
  });

  it('lets a member rotate only their own keys, and no one another account’s', async () => {
    const ownersKey = await createKey(browser, 'Owner’s key');
    const member = await seedUser(t.db, agency.accountId, { role: 'member' });
    const memberBrowser = new ConsoleClient(t.http, ORIGIN);
    expect((await memberBrowser.signIn(member.email, member.password)).status).toBe(303);
    expect((await rotate(memberBrowser, ownersKey.id, '1')).status).toBe(403);
    const mine = await createKey(memberBrowser, 'Member’s key');
    expect((await rotate(memberBrowser, mine.id, '1')).status).toBe(303);

    const other = await seedAccount(t.db, { name: 'Other Agency' });
    expect((await browser.get(`/console/connection/keys/${other.keyId}/rotate`)).status).toBe(404);
    expect((await rotate(browser, other.keyId, '1')).status).toBe(404);
    const [untouched] = await t.db.query(`SELECT revoked_at FROM api_keys WHERE id = $1`, [
      other.keyId,
    ]);
    expect(untouched.revoked_at).toBeNull();
  });

  it('revokes a rotated key at once when asked during its overlap', async () => {
    const key = await createKey(browser, 'Early end');
    expect((await rotate(browser, key.id, '168')).status).toBe(303);
    await browser.get(`/console/connection/keys/${key.id}/revoke`);
    const revoked = await browser.post(`/console/connection/keys/${key.id}/revoke`, {});
    expect(revoked.status).toBe(303);
    const [row] = await t.db.query(
      `SELECT revoked_at <= now() AS ended FROM api_keys WHERE id = $1`,
      [key.id],
    );
    expect(row.ended).toBe(true);
  });
});
