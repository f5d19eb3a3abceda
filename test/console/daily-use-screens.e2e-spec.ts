import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../src/common/net/free-port.js';
import { ApiKeysService } from '../../src/auth/api-keys.service.js';
import { DemoService, type DemoAccess } from '../../src/demo/demo.service.js';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import {
  describeInBrowser,
  launchChromium,
  screenshotDir,
  signedInContext,
} from '../support/browser.js';
import { seedKey } from '../support/fixtures.js';
import { clientMetadata, TestAssistant } from '../support/oauth-client.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const BROWSER_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const WIDTHS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
];

interface Fit {
  pageOverflow: number;
  overflowingTables: number;
  /** Pairs of buttons or links of the main area whose boxes overlap. */
  overlapping: string[];
}

/** Runs in the page (as source: the tests are compiled without the DOM's types). */
const MEASURE = `(() => {
  const controls = [...document.querySelectorAll('main a, main button, main input, main select')]
    .filter((element) => element.getBoundingClientRect().width > 0);
  // Line boxes, not bounding boxes: a link that wraps onto two lines is two boxes, not one wide one.
  const boxes = (element) => [...element.getClientRects()].filter((box) => box.width > 0);
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const overlapping = [];
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      if (controls[i].contains(controls[j]) || controls[j].contains(controls[i])) continue;
      if (boxes(controls[i]).some((a) => boxes(controls[j]).some((b) => meet(a, b)))) {
        overlapping.push((controls[i].textContent || controls[i].name) + ' / ' + (controls[j].textContent || controls[j].name));
      }
    }
  }
  return {
    pageOverflow: Math.max(0, document.scrollingElement.scrollWidth - window.innerWidth),
    overflowingTables: [...document.querySelectorAll('.table-wrap')].filter(
      (wrap) => wrap.scrollWidth > wrap.clientWidth,
    ).length,
    overlapping,
  };
})()`;

const FITS: Fit = { pageOverflow: 0, overflowingTables: 0, overlapping: [] };

/**
 * The pages issue 24 changed, at a laptop's and a phone's width: nothing
 * scrolls sideways, no two controls overlap. Their screenshots go to
 * docs/screenshots/ with UPDATE_SCREENSHOTS=1.
 */
describeInBrowser('the console’s daily-use pages at 1280 and 390 px (Chromium)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let demo: DemoAccess;
  const shots = process.env.UPDATE_SCREENSHOTS
    ? screenshotDir()
    : join(process.env.SCREENSHOT_DIR ?? screenshotDir(), 'daily-use-screens');
  let callId: string;
  let siteId: number;
  let articleId: number;
  let rotatedTo: number;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_BASE_URL: base, RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen(port, '127.0.0.1');
    demo = await t.app.get(DemoService).createKey();
    for (const path of ['/api/v1/sites', '/api/v1/sites', '/api/v1/nowhere', '/mcp']) {
      await fetch(`${base}${path}`, {
        headers: { Authorization: `Bearer ${demo.key}`, 'User-Agent': BROWSER_AGENT },
      });
    }
    await t.app.get(LearningLogWriter).flush();
    [{ id: callId }] = await t.db.query(
      `SELECT id FROM learning_log WHERE path = '/api/v1/nowhere' LIMIT 1`,
    );
    [{ id: siteId }] = await t.db.query(
      `SELECT id FROM sites WHERE account_id = $1 ORDER BY id LIMIT 1`,
      [demo.account_id],
    );
    [{ id: articleId }] = await t.db.query(
      `SELECT id FROM articles WHERE site_id = $1 ORDER BY id LIMIT 1`,
      [siteId],
    );
    // An edit a reader can see: a sentence added and one word changed, so that compare has words to show.
    const read = await fetch(`${base}/api/v1/articles/${articleId}`, {
      headers: { Authorization: `Bearer ${demo.key}` },
    });
    const {
      data: { body },
    } = (await read.json()) as { data: { body: string } };
    const edited = await fetch(`${base}/api/v1/articles/${articleId}`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${demo.key}`,
        'Content-Type': 'application/json',
        'If-Match': read.headers.get('etag')!,
      },
      body: JSON.stringify({
        body: body
          .replace('</p>', ' Updated for this winter, with new prices.</p>')
          .replace(' the ', ' our '),
      }),
    });
    expect(edited.status).toBe(200);
    // A key in its rotation overlap, beside the key that replaced it.
    const deploy = await seedKey(t.db, demo.account_id);
    await t.db.query(`UPDATE api_keys SET name = 'Deploy script' WHERE id = $1`, [deploy.keyId]);
    const [{ user_id: ownerId }] = await t.db.query(
      `SELECT id AS user_id FROM users WHERE account_id = $1 LIMIT 1`,
      [demo.account_id],
    );
    rotatedTo = (
      await t.app.get(ApiKeysService).rotateOnAccount(demo.account_id, deploy.keyId, 72, ownerId)
    ).created.id;
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

      async function shoot(path: string, name: string, ready: string): Promise<void> {
        await page.goto(`${base}${path}`);
        await page.getByText(ready).first().waitFor();
        await page.screenshot({ path: join(shots, `${name}-${size.name}.png`), fullPage: false });
        expect(await page.evaluate<Fit>(MEASURE)).toEqual(FITS);
      }

      it('the overview with its 30-day chart', () =>
        shoot('/console', 'overview-chart', 'Calls, last 30 days'));

      it('the activity log searched', () =>
        shoot('/console/activity?q=%2Fapi%2Fv1', 'activity-search', 'calls match'));

      it('a site’s articles searched and sorted by last change', () =>
        shoot(`/console/sites/${siteId}?q=a&sort=changed`, 'site-articles', 'Articles 1–'));

      it('compare: the text a reader sees', () =>
        shoot(
          `/console/articles/${articleId}/revisions/1/compare`,
          'compare-text',
          'The text a reader sees',
        ));

      it('the keys, one in its rotation overlap', () =>
        shoot('/console/connection', 'keys-rotated', 'Replaced by'));

      it('rotate: the overlap to pick', () =>
        shoot(
          `/console/connection/keys/${rotatedTo}/rotate`,
          'key-rotate',
          'The old secret keeps working for',
        ));

      it('consent: scopes the person can narrow', async () => {
        const assistant = new TestAssistant({ ...clientMetadata('Claude'), scope: 'read write' });
        const url = await assistant.start(`${base}/mcp`);
        url.searchParams.set('scope', 'read write');
        await page.goto(url.toString());
        await page.getByText('Allow Claude to use your account?').waitFor();
        // Unticking write, as a person granting read only would.
        await page.getByLabel(/Edit articles/).uncheck();
        await page.screenshot({ path: join(shots, `consent-scopes-${size.name}.png`) });
        expect(await page.evaluate<Fit>(MEASURE)).toEqual(FITS);
      });

      it('one call whole', () =>
        shoot(`/console/activity/${callId}`, 'activity-call', 'User agent'));
    });
  }
});
