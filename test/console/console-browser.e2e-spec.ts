import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { freePort } from '../../src/common/net/free-port.js';
import { DemoService, type DemoAccess } from '../../src/demo/demo.service.js';
import {
  describeInBrowser,
  launchChromium,
  screenshot,
  screenshotDir,
  watchForScript,
} from '../support/browser.js';
import {
  seedAccount,
  seedArticle,
  seedSite,
  seedUser,
  SeededAccount,
  SeededUser,
} from '../support/fixtures.js';
import { callTool, hostedClient } from '../support/mcp-client.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/** Markup that runs script wherever it is not escaped. */
const XSS = `<img src=x onerror="window.__xss=1;alert('xss')"><script>window.__xss=1</script>`;
/** The same, short enough to be shown whole where long values are shortened (user agents). */
const SHORT_XSS = '<img src=x onerror=alert(1)>';
const PARTNER =
  '<a href="https://partner.example/" data-service-protected="backlink">our partner</a>';

describeInBrowser('the console in a real browser (Chromium)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let demo: DemoAccess;
  let shots: string;

  async function signIn(context: BrowserContext, email: string, password: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${base}/console/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/console`);
    return page;
  }

  async function api(path: string, key: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${base}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
    });
  }

  async function flushLog(): Promise<void> {
    await t.app.get(LearningLogWriter).flush();
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_BASE_URL: base, RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen(port, '127.0.0.1');
    demo = await t.app.get(DemoService).createKey();
    browser = await launchChromium();
    shots = screenshotDir();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  describe('signing in and out', () => {
    it('refuses a wrong password with one message, signs in with the right one, and signs out', async () => {
      const context = await browser.newContext({ viewport: { width: 1200, height: 760 } });
      const page = await context.newPage();
      await page.goto(`${base}/console/activity`);
      expect(page.url()).toBe(`${base}/console/sign-in?return_to=%2Fconsole%2Factivity`);
      await page.getByLabel('Email').fill(demo.email);
      await page.getByLabel('Password').fill('not the password');
      await screenshot(page, shots, 'sign-in');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('That email and password do not match an active user.').waitFor();
      await page.getByLabel('Password').fill(demo.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${base}/console/activity`);
      await page.getByRole('link', { name: 'Overview' }).click();
      await page.getByRole('heading', { name: 'Demo Agency' }).waitFor();
      await screenshot(page, shots, 'overview');
      const cookie = (await context.cookies()).find((c) => c.name === 'content_api_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('You are signed out.').waitFor();
      await page.goto(`${base}/console`);
      expect(page.url()).toBe(`${base}/console/sign-in`);
      await context.close();
    });

    it('slows down repeated failures: the sixth attempt gets the 429 page, even with the right password', async () => {
      const account = await seedAccount(t.db, { name: 'Slow Agency' });
      const user = await seedUser(t.db, account.accountId, { email: 'slow@agency.example' });
      const context = await browser.newContext();
      const page = await context.newPage();
      for (let i = 0; i < 5; i++) {
        await page.goto(`${base}/console/sign-in`);
        await page.getByLabel('Email').fill(user.email);
        await page.getByLabel('Password').fill(`wrong guess ${i}`);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByText('That email and password do not match').waitFor();
      }
      await page.goto(`${base}/console/sign-in`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      const [response] = await Promise.all([
        page.waitForResponse(
          (res) => res.url() === `${base}/console/sign-in` && res.request().method() === 'POST',
        ),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      expect(response.status()).toBe(429);
      await page.getByRole('heading', { name: 'Too many failed sign-ins' }).waitFor();
      await context.close();
    });
  });

  describe('keys and the activity log', () => {
    let context: BrowserContext;
    let page: Page;
    let key: string;

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: 1200, height: 760 } });
      page = await signIn(context, demo.email, demo.password);
    });
    afterAll(() => context.close());

    it('creates a key whose secret is shown once and works with the API and the agent server at once', async () => {
      await page.getByRole('link', { name: 'Connection' }).click();
      await page.getByLabel('Name').fill('Monthly report script');
      await page.getByLabel('write').uncheck();
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByRole('heading', { name: 'Key “Monthly report script” created' }).waitFor();
      expect(page.url()).toBe(`${base}/console/connection/keys/created`);
      key = (await page.locator('#new-key').textContent())!;
      expect(key).toMatch(/^cbr_[0-9A-Za-z]{40}$/);
      expect(await page.locator('#snippet-curl').textContent()).toBe(
        `curl -H "Authorization: Bearer ${key}" ${base}/api/v1/sites`,
      );
      expect(await page.locator('#snippet-hosted').textContent()).toContain(`"url": "${base}/mcp"`);
      expect(await page.locator('#snippet-local').textContent()).toContain(
        `"SERVICE_API_URL": "${base}"`,
      );
      // The script adds copy buttons; the page works without it.
      await page.getByRole('button', { name: 'Copy key' }).waitFor();
      await screenshot(page, shots, 'key-created');

      const sites = await api('/api/v1/sites', key, {
        headers: { 'User-Agent': 'monthly-report/1.4' },
      });
      expect(sites.status).toBe(200);
      const agent = await hostedClient(base, { Authorization: `Bearer ${key}` });
      try {
        const result = await callTool(agent, 'list_sites');
        expect(result.isError).toBeFalsy();
      } finally {
        await agent.close();
      }

      await page.getByRole('link', { name: 'Done' }).click();
      const row = page.locator('tr', { hasText: 'Monthly report script' });
      await row.getByText('read', { exact: true }).waitFor();
      expect(await page.locator('body').textContent()).not.toContain(key);
      await screenshot(page, shots, 'connection');

      // Back on the page that showed it, and reloading it: no secret, and no second key.
      await page.goBack();
      expect(page.url()).toBe(`${base}/console/connection`);
      await page.getByText('A new key’s secret is shown only once').waitFor();
      await page.reload();
      expect(page.url()).toBe(`${base}/console/connection`);
      expect(await page.locator('body').textContent()).not.toContain(key);
      expect(
        await t.db.query(
          `SELECT count(*)::int AS n FROM api_keys WHERE name = 'Monthly report script'`,
        ),
      ).toEqual([{ n: 1 }]);
    });

    it('shows those calls in the activity log, with the key that made them', async () => {
      await flushLog();
      await page.getByRole('link', { name: 'Activity' }).click();
      const apiRow = page.locator('tbody tr', { hasText: 'monthly-report/1.4' });
      await apiRow.getByText('listSites').waitFor();
      await apiRow.getByText('Monthly report script').waitFor();
      const agentRow = page.locator('tbody tr', { hasText: 'list_sites' }).first();
      await agentRow.getByText('Agent (MCP)').waitFor();
      await page.locator('tbody tr', { hasText: 'createKey' }).getByText('Demo Owner').waitFor();
      await page.getByLabel('Channel').selectOption('mcp');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/channel=mcp/);
      await page.locator('tbody tr', { hasText: 'list_sites' }).first().waitFor();
      expect(await page.locator('tbody tr', { hasText: 'listSites' }).count()).toBe(0);
      await page.getByLabel('Channel').selectOption('');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(/channel=&/);
      await page.locator('tbody tr', { hasText: 'listSites' }).first().waitFor();
      await screenshot(page, shots, 'activity');
    });

    it('revokes the key after a confirmation; the API refuses it within 10 seconds', async () => {
      await page.getByRole('link', { name: 'Connection' }).click();
      await page
        .locator('tr', { hasText: 'Monthly report script' })
        .getByRole('link', { name: 'Revoke' })
        .click();
      await page.getByRole('heading', { name: 'Revoke “Monthly report script”?' }).waitFor();
      await page.getByRole('button', { name: 'Revoke key' }).click();
      await page.waitForURL(`${base}/console/connection`);
      await page.getByText('is revoked: it stops working within 10 seconds').waitFor();
      const started = Date.now();
      let status = 200;
      while (status !== 401 && Date.now() - started < 10_000) {
        status = (await api('/api/v1/sites', key)).status;
        if (status !== 401) await sleep(250);
      }
      expect(status).toBe(401);
    });
  });

  describe('restoring revisions', () => {
    let context: BrowserContext;
    let page: Page;
    let articleId: number;

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: 1200, height: 760 } });
      page = await signIn(context, demo.email, demo.password);
      const [article] = await t.db.query(
        `SELECT a.id, a.body FROM articles a JOIN sites s ON s.id = a.site_id
          WHERE s.account_id = $1 AND a.body LIKE '%data-service-protected%'
          ORDER BY a.published_at DESC NULLS LAST, a.id DESC LIMIT 1`,
        [demo.account_id],
      );
      articleId = article.id;
      const etag = (await api(`/api/v1/articles/${articleId}`, demo.key)).headers.get('etag')!;
      const edited = await api(`/api/v1/articles/${articleId}`, demo.key, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'If-Match': etag },
        body: JSON.stringify({
          title: 'A sharper title for the winter season',
          body: article.body.replace('</p>', ' Updated for this winter, with new prices.</p>'),
          reason: 'Seasonal refresh',
        }),
      });
      expect(edited.status).toBe(200);
    });
    afterAll(() => context.close());

    it('compares a revision with the current version and restores it', async () => {
      await page.goto(`${base}/console/articles/${articleId}`);
      await page.locator('#revision-2').getByText('Seasonal refresh').waitFor();
      await screenshot(page, shots, 'article');
      await page.locator('#revision-1').getByRole('link', { name: 'Compare with current' }).click();
      await page
        .getByRole('heading', { name: 'Revision 1 compared with the current version' })
        .waitFor();
      expect(await page.locator('.diff ins').first().textContent()).toBeTruthy();
      await screenshot(page, shots, 'compare');
      await page.getByRole('link', { name: 'Restore revision 1…' }).click();
      await page.getByRole('button', { name: 'Restore revision 1' }).click();
      await page
        .getByText('Revision 1 restored: it is now the current content, as revision 3.')
        .waitFor();
      await page.locator('#revision-3').getByText('Restored revision 1').waitFor();
      await page.locator('#revision-3').getByText('Demo Owner').waitFor();
      const [restored] = await t.db.query(
        `SELECT origin, user_id IS NOT NULL AS by_user FROM article_revisions WHERE article_id = $1 AND number = 3`,
        [articleId],
      );
      expect(restored).toEqual({ origin: 'editor', by_user: true });
    });

    it('links the restore in the activity log to the revision it made', async () => {
      await flushLog();
      await page.goto(`${base}/console/activity?channel=console`);
      await page
        .locator('tbody tr', { hasText: 'restoreRevision' })
        .getByRole('link', { name: `Revision 3 of article ${articleId} →` })
        .click();
      await page.getByRole('heading', { name: 'Revision 3' }).waitFor();
    });

    it('refuses a restore that would drop a protected link, naming it, and changes nothing', async () => {
      const [site] = await t.db.query(
        `SELECT id FROM sites WHERE account_id = $1 ORDER BY id LIMIT 1`,
        [demo.account_id],
      );
      const bare = await seedArticle(t.db, site.id, {
        title: 'Boiler checklist',
        body: '<p>Check the pressure.</p>',
      });
      await t.db.query(`UPDATE articles SET body = $2 WHERE id = $1`, [
        bare,
        `<p>Check the pressure with ${PARTNER}.</p>`,
      ]);
      await page.goto(`${base}/console/articles/${bare}`);
      await page.locator('#revision-1').getByRole('link', { name: 'Restore' }).click();
      await page.getByText('Revision 1 cannot be restored').waitFor();
      await page.getByText('https://partner.example/').waitFor();
      expect(await page.getByRole('button', { name: 'Restore revision 1' }).count()).toBe(0);
      const [{ body }] = await t.db.query(`SELECT body FROM articles WHERE id = $1`, [bare]);
      expect(body).toContain('partner.example');
    });
  });

  describe('defences', () => {
    let victim: BrowserContext;
    let page: Page;
    let evil: Server;

    beforeAll(async () => {
      victim = await browser.newContext();
      page = await signIn(victim, demo.email, demo.password);
      const evilPort = await freePort();
      // Another origin (same host, another port), as a malicious page would be.
      evil = createServer((_req, res) => {
        res.setHeader('Content-Type', 'text/html');
        res.end(
          `<form method="post" action="${base}/console/connection/keys">
             <input name="name" value="Planted key"><input name="scopes" value="write">
             <input name="_csrf" value="${'0'.repeat(64)}"></form>
           <script>document.forms[0].submit()</script>`,
        );
      });
      await new Promise<void>((resolve) => evil.listen(evilPort, '127.0.0.1', resolve));
      (evil as Server & { url?: string }).url = `http://127.0.0.1:${evilPort}/`;
    });
    afterAll(async () => {
      await victim.close();
      await new Promise((resolve) => evil.close(resolve));
    });

    it('refuses a form posted from another origin, and a POST without the token', async () => {
      const attack = await victim.newPage();
      const [response] = await Promise.all([
        attack.waitForResponse((res) => res.url() === `${base}/console/connection/keys`),
        attack.goto((evil as Server & { url?: string }).url!),
      ]);
      expect(response.status()).toBe(403);
      await attack.getByText('This form could not be accepted').waitFor();
      const tokenless = await victim.request.post(`${base}/console/connection/keys`, {
        form: { name: 'Planted key', scopes: 'write' },
        headers: { Origin: base },
      });
      expect(tokenless.status()).toBe(403);
      expect(await t.db.query(`SELECT 1 FROM api_keys WHERE name = 'Planted key'`)).toEqual([]);
    });

    it('shows another account’s site, article and key as pages that do not exist', async () => {
      const other = await seedAccount(t.db, { name: 'Rival Agency' });
      const site = await seedSite(t.db, other.accountId, { name: 'Rival site' });
      const article = await seedArticle(t.db, site, { title: 'Rival article' });
      const [{ id: keyId }] = await t.db.query(`SELECT id FROM api_keys WHERE account_id = $1`, [
        other.accountId,
      ]);
      for (const path of [
        `/console/sites/${site}`,
        `/console/articles/${article}`,
        `/console/articles/${article}/revisions/1/compare`,
        `/console/connection/keys/${keyId}/revoke`,
      ]) {
        const response = await page.goto(`${base}${path}`);
        expect([path, response?.status()]).toEqual([path, 404]);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
        expect(await page.locator('body').textContent()).not.toContain('Rival');
      }
    });
  });

  describe('cross-site scripting', () => {
    let owner: SeededUser;
    let account: SeededAccount;
    let articleId: number;

    beforeAll(async () => {
      account = await seedAccount(t.db, { name: `Agency ${XSS}` });
      owner = await seedUser(t.db, account.accountId, { name: `Person ${XSS}` });
      const site = await seedSite(t.db, account.accountId, {
        name: `Client ${XSS}`,
        website_url: 'javascript:window.__xss=1',
      });
      // Bodies are sanitised on every write; this one is planted as if an old import had let it through.
      articleId = await seedArticle(t.db, site, {
        title: `Title ${XSS}`,
        body: `<p>Body</p>${XSS}<a href="javascript:window.top.__xss=1">link</a>`,
        url: 'javascript:window.__xss=1',
      });
      await t.db.query(`UPDATE article_revisions SET reason = $2 WHERE article_id = $1`, [
        articleId,
        `Reason ${XSS}`,
      ]);
      const res = await api('/api/v1/sites', account.key, {
        headers: { 'User-Agent': `Agent ${SHORT_XSS}` },
      });
      expect(res.status).toBe(200);
      await flushLog();
    });

    it('shows user data as text on every page, running none of it', async () => {
      const context = await browser.newContext();
      const page = await signIn(context, owner.email, owner.password);
      const watch = watchForScript(page);
      await page.getByRole('link', { name: 'Connection' }).click();
      await page.getByLabel('Name').fill(`Key ${XSS}`);
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByRole('heading', { name: `Key “Key ${XSS}” created` }).waitFor();
      await api('/api/v1/sites', (await page.locator('#new-key').textContent())!);
      await flushLog();

      const [{ id: siteId }] = await t.db.query(`SELECT id FROM sites WHERE account_id = $1`, [
        account.accountId,
      ]);
      const pages: Array<[string, string]> = [
        ['/console', `Client ${XSS}`],
        [`/console/sites/${siteId}`, `Title ${XSS}`],
        [`/console/articles/${articleId}`, `Reason ${XSS}`],
        [`/console/articles/${articleId}/revisions/1`, `Title ${XSS}`],
        ['/console/connection', `Key ${XSS}`],
        ['/console/activity', `Agent ${SHORT_XSS}`],
        ['/console/activity', `Key ${XSS}`],
        ['/console/people', `Person ${XSS}`],
      ];
      for (const [path, text] of pages) {
        await page.goto(`${base}${path}`);
        await page.getByText(text).filter({ visible: true }).first().waitFor();
        expect(await page.getByText(`Agency ${XSS}`).count()).toBeGreaterThan(0);
      }
      await page.goto(`${base}/console/articles/${articleId}`);
      const frame = page.frameLocator('iframe.body');
      await frame.getByText('Body').waitFor();
      await page.getByText('HTML source').click();
      await page
        .locator('details.source code')
        .getByText('<script>window.__xss=1</script>')
        .waitFor();
      expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
      expect(watch.incidents).toEqual([]);
      await context.close();
    });
  });
});
