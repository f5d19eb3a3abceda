import request from 'supertest';
import { ConsoleClient } from '../support/console-client.js';
import {
  seedAccount,
  seedArticle,
  seedSite,
  seedUser,
  type SeededAccount,
} from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORIGIN = 'http://api.test';

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The titles of the listed articles, in the order shown. */
function titlesOf(html: string): string[] {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<a href="\/console\/articles\/\d+">([^<]+)<\/a>/g)].map((m) => m[1]);
}

/** The text of the row whose title is `title`. */
function rowOf(html: string, title: string): string {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)![1];
  return textOf([...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].find((m) => m[1].includes(title))![1]);
}

describe('a site’s articles: search, status filter, sorting, the true last change', () => {
  let t: TestApp;
  let agency: SeededAccount;
  let browser: ConsoleClient;
  let siteId: number;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    agency = await seedAccount(t.db, { name: 'Acme Agency' });
    const owner = await seedUser(t.db, agency.accountId);
    siteId = await seedSite(t.db, agency.accountId, { name: 'Plumbing' });
    const copper = await seedArticle(t.db, siteId, {
      title: 'Copper pipes guide',
      url: 'https://plumbing.example/copper',
      published_at: '2026-10-01T09:00:00Z',
      word_count: 500,
    });
    const drains = await seedArticle(t.db, siteId, {
      title: 'Drain cleaning',
      url: 'https://plumbing.example/drains',
      status: 'draft',
      published_at: null,
      word_count: 100,
    });
    const sizes = await seedArticle(t.db, siteId, {
      title: 'Pipe sizes',
      url: 'https://plumbing.example/sizes',
      published_at: '2026-11-01T09:00:00Z',
      word_count: 900,
    });
    await t.db.query(`UPDATE article_revisions SET created_at = $2 WHERE article_id = $1`, [
      drains,
      '2026-09-15T10:00:00Z',
    ]);
    await t.db.query(`UPDATE article_revisions SET created_at = $2 WHERE article_id = $1`, [
      sizes,
      '2026-09-20T10:00:00Z',
    ]);
    await t.db.query(`UPDATE article_revisions SET created_at = $2 WHERE article_id = $1`, [
      copper,
      '2026-09-01T10:00:00Z',
    ]);
    // An edit makes copper's newest revision today; its row's updated_at is then set far back,
    // so that only the revision can be the last change shown.
    const edit = await request(t.http)
      .put(`/api/v1/articles/${copper}`)
      .set('X-API-Key', agency.key)
      .send({ title: 'Copper pipes guide', body: '<p>Copper, revised.</p>' });
    expect(edit.status).toBe(200);
    await t.db.query(`UPDATE articles SET updated_at = '2020-01-01T00:00:00Z'`);
    // Another site's article never shows.
    const otherSite = await seedSite(t.db, agency.accountId, { name: 'Other' });
    await seedArticle(t.db, otherSite, { title: 'Pipe dreams' });
    browser = new ConsoleClient(t.http, ORIGIN);
    expect((await browser.signIn(owner.email, owner.password)).status).toBe(303);
  });
  afterAll(() => t.close());

  it('lists newest published first, drafts without a date last, each with its last change', async () => {
    const page = await browser.get(`/console/sites/${siteId}`);
    expect(page.status).toBe(200);
    expect(titlesOf(page.text)).toEqual(['Pipe sizes', 'Copper pipes guide', 'Drain cleaning']);
    expect(rowOf(page.text, 'Copper pipes guide')).toContain(`${today}`);
    expect(rowOf(page.text, 'Copper pipes guide')).not.toContain('2020-01-01');
    expect(rowOf(page.text, 'Drain cleaning')).toContain('2026-09-15 10:00 UTC');
    expect(rowOf(page.text, 'Pipe sizes')).toContain('2026-09-20 10:00 UTC');
    expect(page.text).toContain('aria-sort="descending"');
  });

  it('finds articles by part of the title or of the URL, in any case', async () => {
    const byTitle = await browser.get(`/console/sites/${siteId}?q=PIPE`);
    expect(titlesOf(byTitle.text)).toEqual(['Pipe sizes', 'Copper pipes guide']);
    expect(byTitle.text).toContain('value="PIPE"');
    const byUrl = await browser.get(`/console/sites/${siteId}?q=%2Fdrains`);
    expect(titlesOf(byUrl.text)).toEqual(['Drain cleaning']);
    const literal = await browser.get(`/console/sites/${siteId}?q=%25`);
    expect(textOf(literal.text)).toContain('No article matches');
  });

  it('filters by status, offering the statuses the site has', async () => {
    const page = await browser.get(`/console/sites/${siteId}?status=draft`);
    expect(titlesOf(page.text)).toEqual(['Drain cleaning']);
    expect(page.text).toContain('<option value="draft" selected="">draft</option>');
    expect(page.text).toContain('<option value="published">published</option>');
  });

  it('sorts by last change, words and title, both ways', async () => {
    const changed = await browser.get(`/console/sites/${siteId}?sort=changed`);
    expect(titlesOf(changed.text)).toEqual(['Copper pipes guide', 'Pipe sizes', 'Drain cleaning']);
    const oldest = await browser.get(`/console/sites/${siteId}?sort=changed&dir=asc`);
    expect(titlesOf(oldest.text)).toEqual(['Drain cleaning', 'Pipe sizes', 'Copper pipes guide']);
    // The edit counted copper's words again: two.
    const words = await browser.get(`/console/sites/${siteId}?sort=words&dir=asc`);
    expect(titlesOf(words.text)).toEqual(['Copper pipes guide', 'Drain cleaning', 'Pipe sizes']);
    const title = await browser.get(`/console/sites/${siteId}?sort=title`);
    expect(titlesOf(title.text)).toEqual(['Copper pipes guide', 'Drain cleaning', 'Pipe sizes']);
    // The heading of the order shown links to the other direction, the search kept.
    const searched = await browser.get(`/console/sites/${siteId}?q=pipe&sort=words&dir=desc`);
    expect(searched.text).toContain(
      `href="/console/sites/${siteId}?q=pipe&amp;sort=words&amp;dir=asc#articles"`,
    );
    expect(titlesOf(searched.text)).toEqual(['Pipe sizes', 'Copper pipes guide']);
  });

  it('names a search it cannot use and lists without it', async () => {
    const page = await browser.get(`/console/sites/${siteId}?q=${'x'.repeat(201)}`);
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain('The search is longer than 200 characters.');
    expect(titlesOf(page.text)).toHaveLength(3);
  });

  it('shows another account’s site as not found', async () => {
    const other = await seedAccount(t.db, { name: 'Other Agency' });
    const foreign = await seedSite(t.db, other.accountId);
    expect((await browser.get(`/console/sites/${foreign}?q=pipe`)).status).toBe(404);
  });
});
