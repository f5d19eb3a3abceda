import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../src/common/net/free-port.js';
import { describeInBrowser, launchChromium } from '../support/browser.js';
import { seedAccount, seedArticle, seedSite, type SeededAccount } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The API as browsers use it, in real Chromium: Swagger UI's "Try it out"
 * from two names of the same host, and a single-page app on another origin
 * calling the API with fetch under the CORS policy.
 */
describeInBrowser('browser clients', () => {
  let browser: Browser;
  let t: TestApp;
  let port: number;
  let owner: SeededAccount;
  let articleId: number;
  let appOrigin: Server;
  let appPort: number;
  // Looked at by people, not kept: a temporary folder, printed below.
  const screenshots = mkdtempSync(join(tmpdir(), 'content-api-screenshots-'));

  beforeAll(async () => {
    port = await freePort();
    appOrigin = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end('<!doctype html><title>Reporting app</title><p>app</p>');
    });
    await new Promise<void>((resolve) => appOrigin.listen(0, '127.0.0.1', resolve));
    appPort = (appOrigin.address() as AddressInfo).port;
    // The default shape of PUBLIC_BASE_URL; the page is opened at other names too.
    t = await createTestApp({
      PUBLIC_BASE_URL: `http://localhost:${port}`,
      CORS_ORIGINS: `http://127.0.0.1:${appPort}`,
    });
    owner = await seedAccount(t.db);
    const siteId = await seedSite(t.db, owner.accountId, { name: 'Acme Plumbing' });
    articleId = await seedArticle(t.db, siteId, { title: 'How to bleed a radiator' });
    for (let i = 0; i < 4; i++) await seedSite(t.db, owner.accountId, { name: `Extra ${i}` });
    await t.app.listen(port, '127.0.0.1');
    browser = await launchChromium();
    console.log(`Browser test screenshots: ${screenshots}`);
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
    await new Promise((resolve) => appOrigin.close(resolve));
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext();
    return context.newPage();
  }

  it.each(['127.0.0.1', 'localhost'])(
    'runs Swagger UI “Try it out” on the address it was opened at: %s',
    async (host) => {
      const page = await newPage();
      const base = `http://${host}:${port}`;
      await page.goto(`${base}/docs`);
      await page.locator('button.authorize').click();
      const bearer = page
        .locator('.auth-container')
        .filter({ has: page.locator('#auth-bearer-value') });
      await bearer.locator('#auth-bearer-value').fill(owner.key);
      await bearer.getByRole('button', { name: 'Apply credentials' }).click();
      await page.locator('.modal-ux-header .close-modal').click();

      const operation = page.locator('#operations-sites-listSites');
      await operation.locator('.opblock-summary').click();
      await operation.getByRole('button', { name: 'Try it out' }).click();
      await operation.getByRole('button', { name: 'Execute' }).click();

      const status = operation.locator('.live-responses-table tr.response .response-col_status');
      await status.waitFor();
      await status.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshots, `swagger-ui-${host}.png`) });
      expect(await status.innerText()).toBe('200');
      expect(await operation.locator('.request-url pre').innerText()).toBe(
        `${base}/api/v1/sites?page=1&per_page=20`,
      );
      const body = await operation.locator('.live-responses-table .microlight').first().innerText();
      expect(JSON.parse(body)).toMatchObject({ meta: { total: 5 } });
      await page.context().close();
    },
  );

  it('lets a page on an allowed origin call the API with fetch and read its headers', async () => {
    const page = await newPage();
    await page.goto(`http://127.0.0.1:${appPort}/`);
    const seen = await page.evaluate(
      async ({ api, key }) => {
        const response = await fetch(`${api}/api/v1/sites?per_page=2`, {
          headers: { Authorization: `Bearer ${key}` },
        });
        const body = (await response.json()) as { meta: unknown };
        return {
          status: response.status,
          meta: body.meta,
          remaining: response.headers.get('X-RateLimit-Remaining'),
          requestId: response.headers.get('X-Request-Id'),
          link: response.headers.get('Link'),
        };
      },
      { api: `http://localhost:${port}`, key: owner.key },
    );
    expect(seen).toEqual({
      status: 200,
      meta: { page: 1, per_page: 2, total: 5, last_page: 3 },
      remaining: expect.stringMatching(/^\d+$/),
      requestId: expect.any(String),
      link: expect.stringContaining('rel="next"'),
    });
    await page.context().close();
  });

  it('gets a 304 for a conditional GET from the browser’s fetch', async () => {
    const page = await newPage();
    await page.goto(`http://127.0.0.1:${appPort}/`);
    const statuses = await page.evaluate(
      async ({ url, key }) => {
        const headers = { Authorization: `Bearer ${key}` };
        const first = await fetch(url, { headers });
        const etag = first.headers.get('ETag') ?? '';
        const again = await fetch(url, { headers: { ...headers, 'If-None-Match': etag } });
        return { first: first.status, etag, again: again.status };
      },
      { url: `http://localhost:${port}/api/v1/articles/${articleId}`, key: owner.key },
    );
    expect(statuses).toEqual({ first: 200, etag: expect.stringMatching(/^"/), again: 304 });
    await page.context().close();
  });

  it('refuses a page on any other origin, which cannot read the answer', async () => {
    const page = await newPage();
    // Same port, other name: another origin.
    await page.goto(`http://localhost:${appPort}/`);
    const outcome = await page.evaluate(
      async ({ api, key }) => {
        try {
          await fetch(`${api}/api/v1/sites`, { headers: { Authorization: `Bearer ${key}` } });
          return 'read';
        } catch (error) {
          return (error as Error).name;
        }
      },
      { api: `http://localhost:${port}`, key: owner.key },
    );
    expect(outcome).toBe('TypeError');
    await page.context().close();
  });
});
