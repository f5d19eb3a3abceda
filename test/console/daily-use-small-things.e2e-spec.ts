import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { ConsoleClient } from '../support/console-client.js';
import {
  seedAccount,
  seedArticle,
  seedSite,
  seedUser,
  type SeededAccount,
  type SeededUser,
} from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORIGIN = 'http://api.test';

/** A page's text as a person reads it: tags dropped, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text of the page's breadcrumb trail. */
function crumbsOf(html: string): string {
  return textOf(/<p class="crumbs">(.*?)<\/p>/s.exec(html)![1]);
}

describe('the console’s small things (issue 24)', () => {
  let t: TestApp;
  let agency: SeededAccount;
  let owner: SeededUser;
  let browser: ConsoleClient;
  let siteId: number;
  let articleId: number;

  async function signedIn(who: SeededUser): Promise<ConsoleClient> {
    const client = new ConsoleClient(t.http, ORIGIN);
    expect((await client.signIn(who.email, who.password)).status).toBe(303);
    return client;
  }

  async function seedConnection(accountId: number, userId: number, name: string) {
    const [row] = await t.db.query(
      `INSERT INTO oauth_connections (account_id, user_id, grant_id, client_id, assistant_name, scopes)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [accountId, userId, `grant-${name}`, 'https://assistant.example/client.json', name, ['read']],
    );
    return row.id as number;
  }

  async function revokedAt(connectionId: number): Promise<Date | null> {
    const [row] = await t.db.query(`SELECT revoked_at FROM oauth_connections WHERE id = $1`, [
      connectionId,
    ]);
    return row.revoked_at as Date | null;
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    agency = await seedAccount(t.db, { name: 'Acme Agency' });
    owner = await seedUser(t.db, agency.accountId, { name: 'Olga Owner' });
    siteId = await seedSite(t.db, agency.accountId, { name: 'Acme Plumbing' });
    articleId = await seedArticle(t.db, siteId, { title: 'How to bleed a radiator' });
    await seedArticle(t.db, siteId, { title: 'Boiler checklist' });
    browser = await signedIn(owner);
  });
  afterAll(() => t.close());

  describe('lists of a single page', () => {
    it('show no Previous and Next on a site’s articles, only how many there are', async () => {
      const page = textOf((await browser.get(`/console/sites/${siteId}`)).text);
      expect(page).toContain('Articles 1–2 of 2');
      expect(page).not.toContain('Previous');
      expect(page).not.toContain('Next');
    });

    it('show no Newer and Older in a short activity log', async () => {
      await t.app.get(LearningLogWriter).flush();
      const page = textOf((await browser.get('/console/activity')).text);
      expect(page).toContain('signIn');
      expect(page).not.toContain('Newer');
      expect(page).not.toContain('Older');
    });

    it('show no Previous and Next in the overview’s sites', async () => {
      const page = textOf((await browser.get('/console')).text);
      expect(page).toContain('Acme Plumbing');
      expect(page).not.toContain('Previous');
      expect(page).not.toContain('Next');
    });
  });

  it('names the site in the breadcrumbs of a revision and of its comparison', async () => {
    const revision = await browser.get(`/console/articles/${articleId}/revisions/1`);
    expect(crumbsOf(revision.text)).toBe(
      'Overview / Acme Plumbing / How to bleed a radiator / Revision 1',
    );
    expect(revision.text).toContain(`<a href="/console/sites/${siteId}">Acme Plumbing</a>`);
    const compare = await browser.get(`/console/articles/${articleId}/revisions/1/compare`);
    expect(crumbsOf(compare.text)).toBe(
      'Overview / Acme Plumbing / How to bleed a radiator / Revision 1 / Compare',
    );
  });

  it('tells a Starter account what its plan allows instead of offering a form it lacks', async () => {
    const starter = await seedAccount(t.db, { name: 'Small Shop', plan: 'starter' });
    await t.db.query(`DELETE FROM api_keys WHERE account_id = $1`, [starter.accountId]);
    const person = await seedUser(t.db, starter.accountId);
    const page = await (await signedIn(person)).get('/console/connection');
    const text = textOf(page.text);
    expect(text).not.toContain('below');
    expect(page.text).not.toContain('id="create-key"');
    expect(text).toContain('No API keys on the Starter plan');
    expect(text).toContain('No assistants on the Starter plan');
  });

  describe('Disconnect', () => {
    it('asks for confirmation first, and changes nothing until it is given', async () => {
      const id = await seedConnection(agency.accountId, owner.userId, 'Research Bot');
      const list = await browser.get('/console/connection');
      expect(list.text).toContain(
        `<a class="button secondary small" href="/console/connection/assistants/${id}/disconnect">Disconnect</a>`,
      );

      const confirm = await browser.get(`/console/connection/assistants/${id}/disconnect`);
      expect(confirm.status).toBe(200);
      const text = textOf(confirm.text);
      expect(text).toContain('Disconnect “Research Bot”?');
      expect(text).toContain('Allowed by Olga Owner');
      expect(confirm.text).toContain(
        '<button type="submit" class="danger">Disconnect assistant</button>',
      );
      expect(confirm.text).toContain(
        '<a class="button secondary" href="/console/connection#assistants">Cancel</a>',
      );
      expect(await revokedAt(id)).toBeNull();

      // Without the form's token nothing happens.
      const forged = await browser.post(`/console/connection/assistants/${id}/disconnect`, {
        _csrf: 'forged',
      });
      expect(forged.status).toBe(403);
      expect(await revokedAt(id)).toBeNull();

      const done = await browser.post(`/console/connection/assistants/${id}/disconnect`, {});
      expect([done.status, done.headers.location]).toEqual([303, '/console/connection']);
      expect(await revokedAt(id)).not.toBeNull();
      const after = await browser.get('/console/connection');
      expect(textOf(after.text)).toContain('Research Bot is disconnected');

      // Once disconnected, there is nothing left to confirm.
      expect((await browser.get(`/console/connection/assistants/${id}/disconnect`)).status).toBe(
        404,
      );
    });

    it('is a 404 page for another account’s assistant', async () => {
      const other = await seedAccount(t.db, { name: 'Other Agency' });
      const stranger = await seedUser(t.db, other.accountId);
      const id = await seedConnection(other.accountId, stranger.userId, 'Their Bot');
      expect((await browser.get(`/console/connection/assistants/${id}/disconnect`)).status).toBe(
        404,
      );
      expect(await revokedAt(id)).toBeNull();
    });
  });
});
