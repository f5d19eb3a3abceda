import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../src/common/net/free-port.js';
import { DemoService, type DemoAccess } from '../../src/demo/demo.service.js';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import {
  describeInBrowser,
  launchChromium,
  screenshotDir,
  signedInContext,
} from '../support/browser.js';
import { seedKey } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** A user agent as long as a real browser's. */
const BROWSER_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const WIDTHS = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** What sticks out of the page or out of its table's box, if anything. */
interface Fit {
  /** How far the page scrolls sideways, in CSS pixels. */
  pageOverflow: number;
  /** Tables whose content is wider than their box (cells pushed out of sight). */
  overflowingTables: number;
  /** Buttons and links of the main area that end beyond the right edge of the window or of their table. */
  controlsOffScreen: string[];
}

/**
 * Runs in the page (as source: the tests are compiled without the DOM's types).
 * A control inside a table is cut off at its box's edge even when the window is wider.
 */
const MEASURE = `(() => {
  const controls = [...document.querySelectorAll('main a, main button')].filter((element) => {
    const box = element.getBoundingClientRect();
    const wrap = element.closest('.table-wrap')?.getBoundingClientRect();
    return box.width > 0 && box.right > Math.min(window.innerWidth, wrap?.right ?? Infinity);
  });
  return {
    pageOverflow: Math.max(0, document.scrollingElement.scrollWidth - window.innerWidth),
    overflowingTables: [...document.querySelectorAll('.table-wrap')].filter(
      (wrap) => wrap.scrollWidth > wrap.clientWidth,
    ).length,
    controlsOffScreen: controls.map((element) => element.textContent.trim()),
  };
})()`;

async function measure(page: Page): Promise<Fit> {
  return page.evaluate<Fit>(MEASURE);
}

describeInBrowser('the console’s tables fit the window (Chromium)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let demo: DemoAccess;
  let siteId: number;
  const shots = process.env.UPDATE_SCREENSHOTS
    ? screenshotDir()
    : join(process.env.SCREENSHOT_DIR ?? screenshotDir(), 'daily-use-tables');

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_BASE_URL: base, RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen(port, '127.0.0.1');
    demo = await t.app.get(DemoService).createKey();
    [{ id: siteId }] = await t.db.query(
      `SELECT id FROM sites WHERE account_id = $1 ORDER BY id LIMIT 1`,
      [demo.account_id],
    );
    // A revoked key among working ones: its status cell carries the time it was revoked.
    const revoked = await seedKey(t.db, demo.account_id, { revokedAt: new Date() });
    await t.db.query(`UPDATE api_keys SET name = 'Old staging deploy script' WHERE id = $1`, [
      revoked.keyId,
    ]);
    for (const path of ['/api/v1/sites', `/api/v1/sites/${siteId}/articles`, '/api/v1/nowhere']) {
      await fetch(`${base}${path}`, {
        headers: { Authorization: `Bearer ${demo.key}`, 'User-Agent': BROWSER_AGENT },
      });
    }
    await t.app.get(LearningLogWriter).flush();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const size of WIDTHS) {
    describe(`at ${size.width} px`, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await signedInContext(browser, base, demo, {
          width: size.width,
          height: size.height,
        });
        page = await context.newPage();
      });
      afterAll(() => context.close());

      it('shows the keys, a revoked one included, without anything off-screen', async () => {
        await page.goto(`${base}/console/connection`);
        await page
          .locator('tr', { hasText: 'Old staging deploy script' })
          .getByText('Revoked')
          .waitFor();
        await page.screenshot({ path: join(shots, `keys-${size.name}.png`) });
        expect(await measure(page)).toEqual(FITS);
        await expectVisible(page.getByRole('link', { name: 'Revoke' }).first(), size.width);
      });

      it('shows the activity log, request ids included, without anything off-screen', async () => {
        await page.goto(`${base}/console/activity`);
        await page.locator('tbody tr', { hasText: 'listSites' }).first().waitFor();
        await page.screenshot({ path: join(shots, `activity-${size.name}.png`) });
        expect(await measure(page)).toEqual(FITS);
        const requestId = page
          .locator('tbody tr', { hasText: 'listSites' })
          .locator('td.request-id');
        await expectVisible(requestId.first(), size.width);
      });

      it('shows a site’s articles without anything off-screen', async () => {
        await page.goto(`${base}/console/sites/${siteId}`);
        await page.getByRole('heading', { name: 'Articles' }).waitFor();
        await page.screenshot({ path: join(shots, `site-${size.name}.png`) });
        expect(await measure(page)).toEqual(FITS);
      });
    });
  }
});

const FITS: Fit = { pageOverflow: 0, overflowingTables: 0, controlsOffScreen: [] };

/** The element is inside the window's width (its text readable, not cut off to the right). */
async function expectVisible(locator: ReturnType<Page['locator']>, width: number): Promise<void> {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}
