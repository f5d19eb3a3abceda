import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { KEY_CACHE_TTL_MS } from '../../src/auth/authenticator.service.js';
import { articleState, latestRevision } from '../support/article-state.js';
import { ConsoleClient } from '../support/console-client.js';
import {
  seedAccount,
  seedArticle,
  seedKey,
  seedSite,
  seedUser,
  SeededAccount,
  SeededUser,
} from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const ORIGIN = 'http://api.test';
const PARTNER = '<a href="https://partner.example/" data-service-protected="backlink">partner</a>';

describe('console pages', () => {
  let t: TestApp;
  let agency: SeededAccount;
  let owner: SeededUser;
  let member: SeededUser;
  let other: SeededAccount;
  let otherOwner: SeededUser;
  let siteId: number;
  let articleId: number;
  let ownerBrowser: ConsoleClient;
  let memberBrowser: ConsoleClient;

  async function signedIn(who: SeededUser): Promise<ConsoleClient> {
    const client = new ConsoleClient(t.http, ORIGIN);
    expect((await client.signIn(who.email, who.password)).status).toBe(303);
    return client;
  }

  /** Posts the Create key form; a key made is shown on the page its 303 leads to, returned instead. */
  async function createKey(client: ConsoleClient, fields: Record<string, string | string[]>) {
    await client.get('/console/connection');
    const res = await client.post('/console/connection/keys', fields);
    return res.status === 303 ? client.get(res.headers.location) : res;
  }

  async function keyCount(): Promise<number> {
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM api_keys');
    return n;
  }

  async function seedConnection(accountId: number, userId: number, name: string) {
    const [row] = await t.db.query(
      `INSERT INTO oauth_connections (account_id, user_id, grant_id, client_id, assistant_name, scopes)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [accountId, userId, `grant-${name}`, 'https://assistant.example/client.json', name, ['read']],
    );
    return row.id as number;
  }

  async function flushLog(): Promise<void> {
    await t.app.get(LearningLogWriter).flush();
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    agency = await seedAccount(t.db, { name: 'Acme Agency' });
    owner = await seedUser(t.db, agency.accountId, { name: 'Olga Owner', role: 'owner' });
    member = await seedUser(t.db, agency.accountId, { name: 'Mo Member', role: 'member' });
    siteId = await seedSite(t.db, agency.accountId, { name: 'Acme Plumbing' });
    articleId = await seedArticle(t.db, siteId, {
      title: 'How to bleed a radiator',
      body: `<p>First draft with our ${PARTNER}.</p>`,
    });
    other = await seedAccount(t.db, { name: 'Other Agency' });
    otherOwner = await seedUser(t.db, other.accountId);
    ownerBrowser = await signedIn(owner);
    memberBrowser = await signedIn(member);
  });
  afterAll(() => t.close());

  describe('overview', () => {
    it('shows the account, its plan and its sites with their counts', async () => {
      const res = await ownerBrowser.get('/console');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<h1>Acme Agency</h1>');
      expect(res.text).toContain('Agency');
      expect(res.text).toMatch(/<a href="\/console\/sites\/\d+">Acme Plumbing<\/a>/);
      expect(res.text).not.toContain('Other Agency');
    });

    it("counts each site's articles and backlinks, whatever their status, category or day", async () => {
      const counting = await seedAccount(t.db, { name: 'Counting Agency' });
      const person = await seedUser(t.db, counting.accountId);
      const counted = await seedSite(t.db, counting.accountId, { name: 'Counted' });
      const empty = await seedSite(t.db, counting.accountId, { name: 'Empty' });
      await seedArticle(t.db, counted, { status: 'draft', published_at: null });
      await seedArticle(t.db, counted, { status: null, published_at: '2025-03-01T00:00:00Z' });
      await seedArticle(t.db, counted, { status: 'published' });
      await t.db.query(
        `INSERT INTO backlinks (site_id, acquired_at, category)
         VALUES ($1, NULL, 'local'), ($1, '2025-03-01T00:00:00Z', 'industry')`,
        [counted],
      );
      const page = (await (await signedIn(person)).get('/console')).text;
      const row = (site: number) =>
        new RegExp(`/console/sites/${site}".*?</tr>`)
          .exec(page)?.[0]
          .match(/(?<=class="num">)[^<]*/g);
      expect(row(counted)).toEqual(['3', '2']);
      expect(row(empty)).toEqual(['0', '0']);
    });

    it('tells users of a plan without API access, or of a suspended account, why they get no keys', async () => {
      const starter = await seedAccount(t.db, { plan: 'starter', name: 'Small Shop' });
      const person = await seedUser(t.db, starter.accountId);
      const client = await signedIn(person);
      expect((await client.get('/console')).text).toContain('The Starter plan has no API access');
      const connection = await client.get('/console/connection');
      expect(connection.text).not.toContain('id="create-key"');
      const refused = await client.post('/console/connection/keys', {
        name: 'Sneaky',
        scopes: ['read'],
      });
      expect(refused.status).toBe(403);
      expect(await t.db.query(`SELECT 1 FROM api_keys WHERE name = 'Sneaky'`)).toEqual([]);

      await t.db.query(`UPDATE accounts SET plan = 'agency', status = 'suspended' WHERE id = $1`, [
        starter.accountId,
      ]);
      expect((await client.get('/console')).text).toContain('This account is suspended');
      expect((await client.get('/console/connection')).text).not.toContain('id="create-key"');
    });
  });

  describe('connection area', () => {
    it('creates a key shown once with filled-in snippets, which works with the API at once', async () => {
      const keys = await keyCount();
      await ownerBrowser.get('/console/connection');
      const posted = await ownerBrowser.post('/console/connection/keys', {
        name: 'Monthly report',
        scopes: ['read'],
        expires: '2099-12-31',
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe('/console/connection/keys/created');
      expect(posted.text).not.toMatch(/cbr_/);
      const res = await ownerBrowser.get(posted.headers.location);
      expect(res.status).toBe(200);
      const [key] = /cbr_[0-9A-Za-z]{40}/.exec(res.text)!;
      expect(res.text).toContain(
        `curl -H &quot;Authorization: Bearer ${key}&quot; ${ORIGIN}/api/v1/sites`,
      );
      expect(res.text).toContain(`&quot;SERVICE_API_KEY&quot;: &quot;${key}&quot;`);
      expect(res.text).toContain(`&quot;SERVICE_API_URL&quot;: &quot;${ORIGIN}&quot;`);
      expect(res.text).toContain(`&quot;url&quot;: &quot;${ORIGIN}/mcp&quot;`);
      expect(res.headers['cache-control']).toBe('no-store');

      const api = await request(t.http).get('/api/v1/sites').set('Authorization', `Bearer ${key}`);
      expect(api.status).toBe(200);
      expect(api.body.data.map((s: { name: string }) => s.name)).toEqual(['Acme Plumbing']);
      const write = await request(t.http)
        .put(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', key)
        .send({ body: '<p>x</p>' });
      expect(write.status).toBe(403);

      const [stored] = await t.db.query(
        `SELECT name, scopes, expires_at, created_by_user_id FROM api_keys WHERE prefix = $1`,
        [key.slice(0, 8)],
      );
      expect(stored).toEqual({
        name: 'Monthly report',
        scopes: ['read'],
        expires_at: new Date('2100-01-01T00:00:00Z'),
        created_by_user_id: owner.userId,
      });
      const list = await ownerBrowser.get('/console/connection');
      expect(list.text).toContain('Monthly report');
      expect(list.text).toContain(`${key.slice(0, 8)}…`);
      expect(list.text).not.toContain(key);

      // Reloading the page it was shown on shows it no more and makes no other key.
      const reloaded = await ownerBrowser.get('/console/connection/keys/created');
      expect(reloaded.status).toBe(303);
      expect(reloaded.headers.location).toBe('/console/connection');
      const after = await ownerBrowser.get('/console/connection');
      expect(after.text).toContain('A new key’s secret is shown only once');
      expect(after.text).not.toContain(key);
      expect(await keyCount()).toBe(keys + 1);
      // Nothing of it is left in the session once shown.
      expect(
        await t.db.query(`SELECT sid FROM console_sessions WHERE sess::text LIKE $1`, [
          `%${key.slice(4)}%`,
        ]),
      ).toEqual([]);
    });

    it('names every problem of the form and creates nothing', async () => {
      const before = await t.db.query('SELECT count(*)::int AS n FROM api_keys');
      const res = await createKey(ownerBrowser, { name: ' ', expires: '2001-01-01' });
      expect(res.status).toBe(422);
      expect(res.text).toContain('Give the key a name');
      expect(res.text).toContain('Choose read, write or both.');
      expect(res.text).toContain('That day is already over');
      expect(await t.db.query('SELECT count(*)::int AS n FROM api_keys')).toEqual(before);
    });

    it('refuses control characters in the name with the form’s own message, creating nothing', async () => {
      const before = await keyCount();
      for (const name of ['Monthly\u0000report', 'Tab\there', 'New\nline', 'C1\u0085']) {
        const res = await createKey(ownerBrowser, { name, scopes: ['read'] });
        expect([JSON.stringify(name), res.status]).toEqual([JSON.stringify(name), 422]);
        expect(res.text).toContain('The key was not created');
        expect(res.text).toContain('control characters');
      }
      expect(await keyCount()).toBe(before);
    });

    it('revokes a key after a confirmation: the API refuses it within 10 seconds', async () => {
      const created = await createKey(ownerBrowser, {
        name: 'Short-lived',
        scopes: ['read', 'write'],
      });
      const [key] = /cbr_[0-9A-Za-z]{40}/.exec(created.text)!;
      expect((await request(t.http).get('/api/v1/sites').set('X-API-Key', key)).status).toBe(200);
      const [{ id }] = await t.db.query(`SELECT id FROM api_keys WHERE prefix = $1`, [
        key.slice(0, 8),
      ]);

      const confirm = await ownerBrowser.get(`/console/connection/keys/${id}/revoke`);
      expect(confirm.status).toBe(200);
      expect(confirm.text).toContain('Revoke “Short-lived”?');
      const revoked = await ownerBrowser.post(`/console/connection/keys/${id}/revoke`, {});
      expect(revoked.status).toBe(303);
      expect((await ownerBrowser.get('/console/connection')).text).toContain('is revoked');

      const started = Date.now();
      let status = 200;
      while (status !== 401 && Date.now() - started < 10_000) {
        status = (await request(t.http).get('/api/v1/sites').set('X-API-Key', key)).status;
        if (status !== 401) await sleep(250);
      }
      expect(status).toBe(401);
      expect(Date.now() - started).toBeLessThanOrEqual(KEY_CACHE_TTL_MS + 1_000);
    });

    it('lets members revoke only the keys they made; owners revoke any', async () => {
      const mine = await createKey(memberBrowser, { name: 'Member key', scopes: ['read'] });
      expect(mine.status).toBe(200);
      const [{ id: memberKey }] = await t.db.query(
        `SELECT id FROM api_keys WHERE name = 'Member key'`,
      );
      const operatorKey = await seedKey(t.db, agency.accountId);

      const list = await memberBrowser.get('/console/connection');
      expect(list.text).toContain(`/console/connection/keys/${memberKey}/revoke`);
      expect(list.text).not.toContain(`/console/connection/keys/${operatorKey.keyId}/revoke`);
      const refused = await memberBrowser.post(
        `/console/connection/keys/${operatorKey.keyId}/revoke`,
        {},
      );
      expect(refused.status).toBe(403);
      expect(
        await t.db.query(`SELECT revoked_at FROM api_keys WHERE id = $1`, [operatorKey.keyId]),
      ).toEqual([{ revoked_at: null }]);

      await ownerBrowser.get('/console/connection');
      expect(
        (await ownerBrowser.post(`/console/connection/keys/${memberKey}/revoke`, {})).status,
      ).toBe(303);
      expect(
        (await ownerBrowser.post(`/console/connection/keys/${operatorKey.keyId}/revoke`, {}))
          .status,
      ).toBe(303);
    });
  });

  describe('connected assistants', () => {
    it('lists them with who allowed them, and Disconnect ends one and records it', async () => {
      const id = await seedConnection(agency.accountId, owner.userId, 'Research Bot');
      const page = await memberBrowser.get('/console/connection');
      expect(page.text).toContain(`id="assistant-${id}"`);
      expect(page.text).toContain('Research Bot');
      expect(page.text).toContain('assistant.example');
      expect(page.text).toContain('Olga Owner');

      const res = await memberBrowser.post(`/console/connection/assistants/${id}/disconnect`, {});
      expect(res.status).toBe(303);
      const [row] = await t.db.query(`SELECT revoked_at FROM oauth_connections WHERE id = $1`, [
        id,
      ]);
      expect(row.revoked_at).not.toBeNull();
      const after = await memberBrowser.get('/console/connection');
      expect(after.text).toContain('Research Bot is disconnected');
      expect(after.text).not.toContain(`id="assistant-${id}"`);
      const activity = await memberBrowser.get(`/console/activity?assistant=${id}`);
      expect(activity.status).toBe(200);
      expect(activity.text).toContain(
        '<option value="' + id + '" selected="">Research Bot</option>',
      );
      await flushLog();
      const [logged] = await t.db.query(
        `SELECT channel, operation, status, user_id FROM learning_log
          WHERE operation = 'disconnectAssistant' ORDER BY occurred_at DESC LIMIT 1`,
      );
      expect(logged).toEqual({
        channel: 'console',
        operation: 'disconnectAssistant',
        status: 200,
        user_id: member.userId,
      });
    });

    it("answers another account's connection with the not-found page, and changes nothing", async () => {
      const otherUser = await seedUser(t.db, other.accountId);
      const id = await seedConnection(other.accountId, otherUser.userId, 'Foreign Bot');
      await ownerBrowser.get('/console/connection');
      const res = await ownerBrowser.post(`/console/connection/assistants/${id}/disconnect`, {});
      expect(res.status).toBe(404);
      const [row] = await t.db.query(`SELECT revoked_at FROM oauth_connections WHERE id = $1`, [
        id,
      ]);
      expect(row.revoked_at).toBeNull();
    });
  });

  describe('restoring a revision', () => {
    let restorable: number;

    /** The Restore link of revision `number` on the article page, as the page gives it. */
    async function restoreLink(client: ConsoleClient, article: number, number: number) {
      const page = await client.get(`/console/articles/${article}`);
      const href = new RegExp(
        `href="(/console/articles/${article}/revisions/${number}/restore[^"]*)"`,
      ).exec(page.text)?.[1];
      if (href === undefined) throw new Error(`No Restore link for revision ${number}`);
      return href.replace(/&amp;/g, '&');
    }

    /** The ETag the confirmation page's form carries. */
    function formEtag(html: string): string {
      return /name="etag" value="([^"]+)"/.exec(html)![1].replace(/&quot;/g, '"');
    }

    async function currentEtag(article: number): Promise<string> {
      const res = await request(t.http)
        .get(`/api/v1/articles/${article}`)
        .set('X-API-Key', agency.key);
      return String(res.headers.etag);
    }

    beforeAll(async () => {
      restorable = await seedArticle(t.db, siteId, {
        title: 'First title',
        body: `<p>First draft with our ${PARTNER}.</p>`,
        featured_image_url: 'https://cdn.example/first.jpg',
      });
      const edited = await request(t.http)
        .put(`/api/v1/articles/${restorable}`)
        .set('X-API-Key', agency.key)
        .send({
          title: 'Second title',
          body: `<p>Second draft with our ${PARTNER}, longer.</p>`,
          reason: 'Rewrite',
        });
      expect(edited.status).toBe(200);
      const image = await request(t.http)
        .post(`/api/v1/articles/${restorable}/featured-image`)
        .set('X-API-Key', agency.key)
        .send({ url: 'https://cdn.example/second.jpg' });
      expect(image.status).toBe(200);
    });

    it('shows the revisions with who made them, and compares one with the current version', async () => {
      const page = await ownerBrowser.get(`/console/articles/${restorable}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('id="revision-3"');
      expect(page.text).toContain('Rewrite');
      expect(page.text).toContain(`<code>${agency.key.slice(0, 8)}…</code>`);
      expect(page.text).toContain(
        `href="/console/articles/${restorable}/revisions/1/restore?etag=${encodeURIComponent(await currentEtag(restorable))}"`,
      );
      expect(page.text).not.toContain(`/console/articles/${restorable}/revisions/3/restore`);
      expect(page.text).toMatch(
        /<iframe class="body" src="\/console\/articles\/\d+\/body" title="Article body" sandbox=""/,
      );

      const compare = await ownerBrowser.get(`/console/articles/${restorable}/revisions/1/compare`);
      expect(compare.status).toBe(200);
      expect(compare.text).toContain('<del>Second</del>');
      expect(compare.text).toContain('<ins>First</ins>');
      expect(compare.text).toContain(
        '<dt>Current</dt><dd class="mono">https://cdn.example/second.jpg</dd>',
      );
      expect(compare.text).toContain(
        '<dt>Revision 1</dt><dd class="mono">https://cdn.example/first.jpg</dd>',
      );
    });

    it('serves the body inside a sandboxed frame, with the allow-list applied again', async () => {
      await t.db.query(
        `UPDATE articles SET body = body || '<script>alert(1)</script>' WHERE id = $1`,
        [restorable],
      );
      const frame = await ownerBrowser.get(`/console/articles/${restorable}/body`);
      expect(frame.status).toBe(200);
      expect(frame.text).toContain('Second draft');
      expect(frame.text).not.toContain('<script>alert');
      expect(frame.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
      expect(frame.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
      await t.db.query(
        `UPDATE articles SET body = replace(body, '<script>alert(1)</script>', '') WHERE id = $1`,
        [restorable],
      );
    });

    it('restores through the write path: a new editor revision by the user, nothing overwritten', async () => {
      const confirm = await ownerBrowser.get(await restoreLink(ownerBrowser, restorable, 1));
      expect(confirm.status).toBe(200);
      expect(formEtag(confirm.text)).toBe(await currentEtag(restorable));
      const res = await ownerBrowser.post(`/console/articles/${restorable}/revisions/1/restore`, {
        etag: formEtag(confirm.text),
      });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/console/articles/${restorable}#revision-4`);
      expect(await latestRevision(t.db, restorable)).toMatchObject({
        number: 4,
        origin: 'editor',
        reason: 'Restored revision 1',
        title: 'First title',
        key_id: null,
      });
      const [restored] = await t.db.query(
        `SELECT user_id, featured_image_url FROM article_revisions WHERE article_id = $1 AND number = 4`,
        [restorable],
      );
      expect(restored).toEqual({
        user_id: owner.userId,
        featured_image_url: 'https://cdn.example/first.jpg',
      });
      expect((await articleState(t.db, restorable)).revisions).toBe(4);
      const page = await ownerBrowser.get(`/console/articles/${restorable}`);
      expect(page.text).toContain(
        'Revision 1 restored: it is now the current content, as revision 4.',
      );
      expect(page.text).toContain('Olga Owner');
    });

    it('refuses a restore with a stale ETag, changing nothing', async () => {
      const confirm = await ownerBrowser.get(await restoreLink(ownerBrowser, restorable, 2));
      const edited = await request(t.http)
        .put(`/api/v1/articles/${restorable}`)
        .set('X-API-Key', agency.key)
        .send({ body: `<p>Meanwhile an agent edited it, keeping our ${PARTNER}.</p>` });
      expect(edited.status).toBe(200);
      const before = await articleState(t.db, restorable);
      const res = await ownerBrowser.post(`/console/articles/${restorable}/revisions/2/restore`, {
        etag: formEtag(confirm.text),
      });
      expect(res.status).toBe(412);
      expect(res.text).toContain('The article changed since you opened that page');
      expect(res.text).toContain(`href="/console/articles/${restorable}"`);
      expect(await articleState(t.db, restorable)).toEqual(before);
    });

    it('refuses a restore when the article changed after its page was shown, before the confirmation', async () => {
      const link = await restoreLink(ownerBrowser, restorable, 2);
      const shownEtag = new URL(link, ORIGIN).searchParams.get('etag')!;
      const edited = await request(t.http)
        .put(`/api/v1/articles/${restorable}`)
        .set('X-API-Key', agency.key)
        .send({ body: `<p>Edited once more while the page was open, with our ${PARTNER}.</p>` });
      expect(edited.status).toBe(200);
      const before = await articleState(t.db, restorable);

      const confirm = await ownerBrowser.get(link);
      expect(confirm.status).toBe(412);
      expect(confirm.text).toContain('The article changed since you opened that page');
      expect(confirm.text).toContain(`href="/console/articles/${restorable}"`);
      expect(confirm.text).not.toContain('name="etag"');
      const res = await ownerBrowser.post(`/console/articles/${restorable}/revisions/2/restore`, {
        etag: shownEtag,
      });
      expect(res.status).toBe(412);
      expect(await articleState(t.db, restorable)).toEqual(before);
    });

    it('accepts only the article page’s strong ETag: *, weak tags, lists and none are refused, saying so', async () => {
      const current = await currentEtag(restorable);
      const before = await articleState(t.db, restorable);
      for (const etag of ['*', `W/${current}`, `${current}, "other"`, '', current.slice(1, -1)]) {
        const res = await ownerBrowser.post(`/console/articles/${restorable}/revisions/2/restore`, {
          etag,
        });
        expect([etag, res.status]).toEqual([etag, 422]);
        expect(res.text).toContain('This restore cannot be checked');
        expect(res.text).toContain(`href="/console/articles/${restorable}"`);
      }
      const bare = await ownerBrowser.post(
        `/console/articles/${restorable}/revisions/2/restore`,
        {},
      );
      expect(bare.status).toBe(422);
      expect(await articleState(t.db, restorable)).toEqual(before);

      // A confirmation page asked for without the article page's ETag sends the person to that page.
      for (const query of ['', '?etag=*', `?etag=${encodeURIComponent(`W/${current}`)}`]) {
        const confirm = await ownerBrowser.get(
          `/console/articles/${restorable}/revisions/2/restore${query}`,
        );
        expect([query, confirm.status]).toEqual([query, 303]);
        expect(confirm.headers.location).toBe(`/console/articles/${restorable}#revision-2`);
      }
    });

    it('refuses a restore that would drop a protected link, listing it', async () => {
      const bare = await seedArticle(t.db, siteId, { title: 'Bare', body: '<p>No links yet.</p>' });
      await t.db.query(`UPDATE articles SET body = $2 WHERE id = $1`, [
        bare,
        `<p>Now with our ${PARTNER}.</p>`,
      ]);
      const confirm = await ownerBrowser.get(await restoreLink(ownerBrowser, bare, 1));
      expect(confirm.text).toContain('Revision 1 cannot be restored');
      expect(confirm.text).not.toContain('name="etag"');
      const before = await articleState(t.db, bare);
      // The form is not offered; a hand-made POST with the right ETag is refused all the same.
      const article = await request(t.http)
        .get(`/api/v1/articles/${bare}`)
        .set('X-API-Key', agency.key);
      const res = await ownerBrowser.post(`/console/articles/${bare}/revisions/1/restore`, {
        etag: String(article.headers.etag),
      });
      expect(res.status).toBe(422);
      expect(res.text).toContain('Restore refused');
      expect(res.text).toContain('https://partner.example/');
      expect(await articleState(t.db, bare)).toEqual(before);
    });
  });

  describe('activity log', () => {
    it('shows API, agent and console activity newest first, with who, and links an edit to its revision', async () => {
      const edited = await request(t.http)
        .put(`/api/v1/articles/${articleId}`)
        .set('X-API-Key', agency.key)
        .set('User-Agent', 'report-bot/2.0')
        .send({ body: `<p>Edited draft with our ${PARTNER}.</p>`, reason: 'Fix intro' });
      expect(edited.status).toBe(200);
      await request(t.http).get('/api/v1/sites/2147483647/articles').set('X-API-Key', agency.key);
      await flushLog();
      const res = await ownerBrowser.get('/console/activity');
      expect(res.status).toBe(200);
      expect(res.text).toContain('updateArticle');
      expect(res.text).toContain('report-bot/2.0');
      expect(res.text).toContain(`href="/console/articles/${articleId}/revisions/2"`);
      expect(res.text).toContain('restoreRevision');
      expect(res.text).toContain('createKey');
      expect(res.text).toContain('Olga Owner');
      expect(res.text).toContain('site_not_found');
      expect(res.text.indexOf('listArticles')).toBeLessThan(res.text.indexOf('updateArticle'));

      const consoleOnly = await ownerBrowser.get('/console/activity?channel=console');
      expect(consoleOnly.text).toContain('createKey');
      expect(consoleOnly.text).not.toContain('updateArticle');
      const failures = await ownerBrowser.get('/console/activity?status=4xx&channel=api');
      expect(failures.text).toContain('listArticles');
      expect(failures.text).toContain('<span class="badge warn">404</span>');
      expect(failures.text).not.toContain('<span class="badge ok">');
      const byKey = await ownerBrowser.get(`/console/activity?key=${agency.keyId}`);
      expect(byKey.text).toContain('updateArticle');
      expect(byKey.text).not.toContain('createKey');
      const yesterday = await ownerBrowser.get('/console/activity?to=2000-01-01');
      expect(yesterday.text).toContain('Nothing matches this filter');
      const bad = await ownerBrowser.get('/console/activity?channel=fax&from=2026-02-30');
      expect(bad.status).toBe(200);
      expect(bad.text).toContain('Unknown channel “fax”.');
    });

    it('pages 50 entries at a time, newer and older', async () => {
      const rows = Array.from({ length: 120 }, (_, i) => i);
      await t.db.query(
        `INSERT INTO learning_log (id, occurred_at, account_id, key_id, channel, operation, method, path, status, duration_ms)
         SELECT gen_random_uuid(), now() - make_interval(days => 400, secs => i), $1, NULL, 'api', 'pagedCall' || i, 'GET', '/api/v1/sites', 200, 1
           FROM unnest($2::int[]) AS i`,
        [agency.accountId, rows],
      );
      const first = await ownerBrowser.get('/console/activity?to=2025-12-31');
      expect(first.text.match(/pagedCall\d+/g)).toHaveLength(50);
      expect(first.text).toContain('pagedCall0<');
      const older = /href="(\/console\/activity\?to=2025-12-31&amp;before=[^"]+)" rel="next"/.exec(
        first.text,
      )![1];
      const second = await ownerBrowser.get(older.replace(/&amp;/g, '&'));
      expect(second.text.match(/pagedCall\d+/g)).toEqual(
        rows.slice(50, 100).map((i) => `pagedCall${i}`),
      );
      const third = await ownerBrowser.get(
        /href="([^"]+)" rel="next"/.exec(second.text)![1].replace(/&amp;/g, '&'),
      );
      expect(third.text.match(/pagedCall\d+/g)).toHaveLength(20);
      expect(third.text).not.toMatch(/rel="next"/);
      const back = await ownerBrowser.get(
        /href="([^"]+)" rel="prev"/.exec(third.text)![1].replace(/&amp;/g, '&'),
      );
      expect(back.text.match(/pagedCall\d+/g)).toEqual(
        rows.slice(50, 100).map((i) => `pagedCall${i}`),
      );
    });
  });

  describe('people', () => {
    it('lets an owner add a person (with a one-time link) and disable them; members only look', async () => {
      await ownerBrowser.get('/console/people');
      const posted = await ownerBrowser.post('/console/people', {
        email: 'new.person@acme.example',
        name: 'New Person',
        role: 'member',
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe('/console/people/added');
      const added = await ownerBrowser.get(posted.headers.location);
      expect(added.status).toBe(200);
      const [link] = /http:\/\/api\.test\/console\/set-password\?token=[\w-]{43}/.exec(added.text)!;
      const reloaded = await ownerBrowser.get('/console/people/added');
      expect(reloaded.status).toBe(303);
      expect(reloaded.headers.location).toBe('/console/people');
      const people = await ownerBrowser.get('/console/people');
      expect(people.text).toContain('An invitation link is shown only once');
      expect(people.text).not.toContain(link);
      expect(
        await t.db.query(
          `SELECT count(*)::int AS n FROM users WHERE email = 'new.person@acme.example'`,
        ),
      ).toEqual([{ n: 1 }]);
      const [{ id }] = await t.db.query(
        `SELECT id FROM users WHERE email = 'new.person@acme.example'`,
      );
      const taken = await ownerBrowser.post('/console/people', {
        email: 'NEW.person@acme.example',
        role: 'member',
      });
      expect(taken.status).toBe(422);

      const memberView = await memberBrowser.get('/console/people');
      expect(memberView.text).toContain('new.person@acme.example');
      expect(memberView.text).not.toContain('Invite a person');
      expect((await memberBrowser.post(`/console/people/${id}/disable`, {})).status).toBe(403);

      expect((await ownerBrowser.get(`/console/people/${id}/disable`)).status).toBe(200);
      expect((await ownerBrowser.post(`/console/people/${id}/disable`, {})).status).toBe(303);
      expect(await t.db.query(`SELECT status FROM users WHERE id = $1`, [id])).toEqual([
        { status: 'disabled' },
      ]);
      expect((await ownerBrowser.post(`/console/people/${owner.userId}/disable`, {})).status).toBe(
        403,
      );
    });

    it('refuses control characters in a new person’s email or name with the form’s own message', async () => {
      await ownerBrowser.get('/console/people');
      const users = await t.db.query('SELECT count(*)::int AS n FROM users');
      for (const [email, name] of [
        ['nul.name@acme.example', 'New\u0000Person'],
        ['tab.name@acme.example', 'New\tPerson'],
        ['nul\u0000@acme.example', 'Nul Email'],
        ['"nul\u0000"@acme.example', 'Quoted Nul'],
        ['"bell\u0007"@acme.example', 'Quoted Bell'],
      ]) {
        const res = await ownerBrowser.post('/console/people', { email, name, role: 'member' });
        expect([JSON.stringify(email), res.status]).toEqual([JSON.stringify(email), 422]);
        expect(res.text).toContain('Not invited');
      }
      expect(await t.db.query('SELECT count(*)::int AS n FROM users')).toEqual(users);
    });
  });

  describe('isolation', () => {
    it('answers another account’s site, article, revision and key exactly like ids that do not exist', async () => {
      const theirSite = await seedSite(t.db, other.accountId, { name: 'Their Secret Site' });
      const theirArticle = await seedArticle(t.db, theirSite, { title: 'Their secret article' });
      const theirKey = await seedKey(t.db, other.accountId);
      const theirPerson = await seedUser(t.db, other.accountId);
      const paths = (ids: { site: number; article: number; key: number; user: number }) => [
        `/console/sites/${ids.site}`,
        `/console/articles/${ids.article}`,
        `/console/articles/${ids.article}/body`,
        `/console/articles/${ids.article}/revisions/1`,
        `/console/articles/${ids.article}/revisions/1/body`,
        `/console/articles/${ids.article}/revisions/1/compare`,
        `/console/articles/${ids.article}/revisions/1/restore`,
        `/console/connection/keys/${ids.key}/revoke`,
        `/console/people/${ids.user}/disable`,
      ];
      const theirs = paths({
        site: theirSite,
        article: theirArticle,
        key: theirKey.keyId,
        user: theirPerson.userId,
      });
      const missing = paths({
        site: 2147483647,
        article: 2147483647,
        key: 2147483647,
        user: 2147483647,
      });
      const strip = (html: string) => html.replace(/value="[0-9a-f]{64}"/g, '');
      for (const [i, path] of theirs.entries()) {
        const res = await ownerBrowser.get(path);
        const absent = await ownerBrowser.get(missing[i]);
        expect([path, res.status]).toEqual([path, 404]);
        expect(strip(res.text)).toBe(strip(absent.text));
        expect(res.text).not.toContain('Their');
      }
      for (const path of [
        `/console/articles/${theirArticle}/revisions/1/restore`,
        `/console/connection/keys/${theirKey.keyId}/revoke`,
        `/console/people/${theirPerson.userId}/disable`,
      ]) {
        expect((await ownerBrowser.post(path, { etag: '*' })).status).toBe(404);
      }
      expect((await articleState(t.db, theirArticle)).revisions).toBe(1);
      expect(
        await t.db.query(`SELECT revoked_at FROM api_keys WHERE id = $1`, [theirKey.keyId]),
      ).toEqual([{ revoked_at: null }]);
      for (const path of [
        '/console/sites/abc',
        '/console/articles/0',
        '/console/articles/1e3/revisions/1',
      ]) {
        expect((await ownerBrowser.get(path)).status).toBe(404);
      }
      await flushLog();
      const activity = await (await signedIn(otherOwner)).get('/console/activity');
      expect(activity.text).not.toContain('Olga Owner');
      expect(activity.text).not.toContain('updateArticle');
    });
  });

  it('answers every form that changes something with 303 to a page, so that a reload repeats nothing', async () => {
    const client = await signedIn(owner);
    const answers: Array<[string, number, string | undefined]> = [];
    const post = async (form: string, path: string, fields: Record<string, string | string[]>) => {
      const res = await client.post(path, fields);
      answers.push([form, res.status, res.headers.location]);
      return res;
    };
    await client.get('/console/connection');
    await post('create key', '/console/connection/keys', { name: 'PRG key', scopes: ['read'] });
    const [{ id: keyId }] = await t.db.query(`SELECT id FROM api_keys WHERE name = 'PRG key'`);
    await post('revoke key', `/console/connection/keys/${keyId}/revoke`, {});
    const connection = await seedConnection(agency.accountId, owner.userId, 'PRG Bot');
    await post('disconnect', `/console/connection/assistants/${connection}/disconnect`, {});
    await post('add person', '/console/people', { email: 'prg@acme.example', role: 'member' });
    const [{ id: personId }] = await t.db.query(
      `SELECT id FROM users WHERE email = 'prg@acme.example'`,
    );
    await post('disable person', `/console/people/${personId}/disable`, {});
    await post('enable person', `/console/people/${personId}/enable`, {});
    const article = await seedArticle(t.db, siteId, { title: 'PRG', body: '<p>One.</p>' });
    expect(
      (
        await request(t.http)
          .put(`/api/v1/articles/${article}`)
          .set('X-API-Key', agency.key)
          .send({ body: '<p>Two.</p>' })
      ).status,
    ).toBe(200);
    const page = await client.get(`/console/articles/${article}`);
    const restoreLink = /href="(\/console\/articles\/\d+\/revisions\/1\/restore[^"]*)"/.exec(
      page.text,
    )![1];
    const confirm = await client.get(restoreLink.replace(/&amp;/g, '&'));
    const [, etag] = /name="etag" value="([^"]+)"/.exec(confirm.text)!;
    await post('restore', `/console/articles/${article}/revisions/1/restore`, {
      etag: etag.replace(/&quot;/g, '"'),
    });
    await post('sign out', '/console/sign-out', {});
    expect(answers).toEqual([
      ['create key', 303, '/console/connection/keys/created'],
      ['revoke key', 303, '/console/connection'],
      ['disconnect', 303, '/console/connection'],
      ['add person', 303, '/console/people/added'],
      ['disable person', 303, '/console/people'],
      ['enable person', 303, '/console/people'],
      ['restore', 303, `/console/articles/${article}#revision-3`],
      ['sign out', 303, '/console/sign-in'],
    ]);
  });

  it('records each console action with the user and its outcome', async () => {
    await flushLog();
    const rows = await t.db.query(
      `SELECT operation, status, error FROM learning_log
        WHERE channel = 'console' AND user_id = $1 AND method = 'POST' ORDER BY occurred_at, id`,
      [owner.userId],
    );
    const operations = rows.map(
      (row: { operation: string; status: number; error: string | null }) =>
        [row.operation, row.status, row.error].join(' '),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'signIn 200 ',
        'createKey 200 ',
        'createKey 422 validation_failed',
        'revokeKey 200 ',
        'restoreRevision 200 ',
        'restoreRevision 412 precondition_failed',
        'restoreRevision 422 protected_links_modified',
        'addUser 200 ',
        'disableUser 200 ',
        'disableUser 403 forbidden',
        'restoreRevision 404 not_found',
      ]),
    );
  });
});
