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
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The body's changes as shown, or '' when none are drawn. */
function bodyChanges(html: string): string {
  return /<div class="diff[^"]*" aria-label="Body changes">(.*?)<\/div><h2>/s.exec(html)?.[1] ?? '';
}

describe('compare: the text a reader sees by default, the HTML source one click away, images', () => {
  let t: TestApp;
  let agency: SeededAccount;
  let browser: ConsoleClient;
  let articleId: number;
  let markupOnly: number;

  async function put(id: number, body: string): Promise<void> {
    const res = await request(t.http)
      .put(`/api/v1/articles/${id}`)
      .set('X-API-Key', agency.key)
      .send({ body });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    agency = await seedAccount(t.db, { name: 'Acme Agency' });
    const owner = await seedUser(t.db, agency.accountId);
    const siteId = await seedSite(t.db, agency.accountId);
    articleId = await seedArticle(t.db, siteId, {
      body:
        '<h2>Valves</h2><p>The old copper pipe &amp; its valve.</p>' +
        '<p><img src="https://img.example/a.png" alt="Old valve"></p><p>Unchanged ending.</p>',
    });
    await put(
      articleId,
      '<h2>Valves</h2><p>The <strong>new</strong> copper pipe &amp; its valve.</p>' +
        '<p><img src="https://img.example/b.png" alt="New valve"></p><p>Unchanged ending.</p>',
    );
    markupOnly = await seedArticle(t.db, siteId, { body: '<p><strong>Hi</strong> there.</p>' });
    await put(markupOnly, '<p><em>Hi</em> there.</p>');
    browser = new ConsoleClient(t.http, ORIGIN);
    expect((await browser.signIn(owner.email, owner.password)).status).toBe(303);
  });
  afterAll(() => t.close());

  it('shows by default the words a reader sees changed, not the HTML', async () => {
    const page = await browser.get(`/console/articles/${articleId}/revisions/1/compare`);
    expect(page.status).toBe(200);
    const changes = bodyChanges(page.text);
    expect(page.text).toContain('<div class="diff prose" aria-label="Body changes">');
    expect(changes).toContain('<del>new</del>');
    expect(changes).toContain('<ins>old</ins>');
    // The text as read: the entity decoded (and escaped once for the page), no tags shown.
    expect(textOf(changes)).toContain('Removed: The new copper pipe & its valve.');
    expect(textOf(changes)).toContain('Added: The old copper pipe & its valve.');
    expect(changes).not.toContain('&lt;p');
    expect(changes).not.toContain('strong');
    expect(textOf(page.text)).toContain('The text a reader sees');
    expect(page.text).toContain(
      `href="/console/articles/${articleId}/revisions/1/compare?view=source#body"`,
    );
  });

  it('shows the HTML source changes one click away', async () => {
    const page = await browser.get(
      `/console/articles/${articleId}/revisions/1/compare?view=source`,
    );
    expect(page.status).toBe(200);
    const changes = bodyChanges(page.text);
    expect(page.text).toContain('<div class="diff" aria-label="Body changes">');
    // The markup, escaped, words that changed inside it marked.
    expect(changes).toContain('&lt;strong&gt;new&lt;/strong&gt;');
    expect(changes).toContain('&lt;img src=&quot;https://img.example/');
    expect(page.text).toContain(`href="/console/articles/${articleId}/revisions/1/compare#body"`);
  });

  it('lists the images removed and added, by address and text, in either view', async () => {
    for (const view of ['', '?view=source']) {
      const page = await browser.get(`/console/articles/${articleId}/revisions/1/compare${view}`);
      const images = textOf(
        /aria-label="Image changes">(.*?)<\/div><p class="row spaced">/s.exec(page.text)![1],
      );
      expect(images).toBe(
        'Removed: https://img.example/b.png — “New valve” Added: https://img.example/a.png — “Old valve”',
      );
    }
  });

  it('says when only the markup differs, and offers the source', async () => {
    const page = await browser.get(`/console/articles/${markupOnly}/revisions/1/compare`);
    expect(textOf(page.text)).toContain(
      'The text a reader sees is the same; only the HTML differs.',
    );
    expect(bodyChanges(page.text)).toBe('');
    const source = await browser.get(
      `/console/articles/${markupOnly}/revisions/1/compare?view=source`,
    );
    expect(bodyChanges(source.text)).toContain('<del>em</del>');
    expect(bodyChanges(source.text)).toContain('<ins>strong</ins>');
  });
});
