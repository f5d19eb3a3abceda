import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../src/common/net/free-port.js';
import {
  describeInBrowser,
  launchChromium,
  screenshotDir,
  watchForScript,
} from '../support/browser.js';
import { seedAccount, seedSite, seedUser, type SeededUser } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { generateSiteData } from '../report/report-data.js';

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40"><rect width="160" height="40" rx="6" fill="#1f5fa8"/><circle cx="20" cy="20" r="10" fill="#f28e2b"/><text x="38" y="27" font-family="Arial" font-size="18" fill="#fff">Bright</text></svg>`;

const WIDTHS = [1280, 390];

describeInBrowser('the report pages in a real browser (Chromium)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let owner: SeededUser;
  let siteId: number;
  let shots: string;

  async function signedIn(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/console/sign-in`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/console`);
    return page;
  }

  /**
   * What makes the page itself scroll sideways (a table may scroll inside its
   * own box): the elements that reach past the window, none when it fits.
   */
  const overflowing = (page: Page) =>
    page.evaluate(`(() => {
      const width = window.innerWidth;
      if (document.documentElement.scrollWidth <= width + 1) return [];
      return [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.table-wrap > *'))
        .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + el.className : ''))
        .slice(0, 8);
    })()`);

  /** Whether every chart image has loaded. */
  const imagesLoaded = (page: Page, selector: string) =>
    page.evaluate(
      `[...document.querySelectorAll(${JSON.stringify(selector)})].map((img) => img.complete && img.naturalWidth > 0)`,
    );

  /** The whole page, and on a narrow screen also its first three screens (a whole page is too tall to read). */
  async function shoot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
    if ((page.viewportSize()?.width ?? 0) >= 600) return;
    for (const screen of [0, 1, 2]) {
      await page.evaluate(`window.scrollTo(0, ${screen * 880})`);
      await page.screenshot({ path: join(shots, `${name}-screen${screen + 1}.png`) });
    }
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_BASE_URL: base, RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen(port, '127.0.0.1');
    const agency = await seedAccount(t.db, { name: 'Acme Agency' });
    owner = await seedUser(t.db, agency.accountId, { name: 'Olga Owner', role: 'owner' });
    siteId = await seedSite(t.db, agency.accountId, {
      name: 'Acme Plumbing',
      website_url: 'https://acme.example',
    });
    await generateSiteData(t.db, siteId, 21);
    for (const [i, name] of ['Bayside Dental', 'Cedar Roofing', 'Delta Florists'].entries()) {
      await generateSiteData(t.db, await seedSite(t.db, agency.accountId, { name }), 30 + i, {
        articles: 40,
        backlinks: 200,
        revisions: 20,
      });
    }
    browser = await launchChromium();
    shots = process.env.REPORT_SHOTS ?? screenshotDir();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('sets the white label with a logo file, as an owner does', async () => {
    const page = await signedIn(1280);
    const watch = watchForScript(page);
    await page.getByRole('link', { name: 'Report', exact: true }).click();
    await page.getByRole('link', { name: 'Change the name or logo' }).click();
    await page.getByLabel('Display name').fill('Bright Reports');
    await page.getByLabel('Logo').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(LOGO),
    });
    await page.getByRole('button', { name: 'Save white label' }).click();
    await page.waitForURL(/\/console\/report$/);
    await page.getByText('The white label is saved').waitFor();
    expect(await imagesLoaded(page, '.report-brand img')).toEqual([true]);
    await page.goto(`${base}/console/report/brand`);
    await shoot(page, 'report-brand-1280');
    expect(watch.incidents).toEqual([]);
    await page.context().close();
  });

  for (const width of WIDTHS) {
    it(`shows a site's report with its charts, period picker and downloads at ${width} px`, async () => {
      const page = await signedIn(width);
      const watch = watchForScript(page);
      await page.goto(`${base}/console/sites/${siteId}`);
      await page.getByRole('link', { name: 'Monthly report' }).click();
      await page.getByLabel('Period').selectOption('month');
      await page.getByLabel('Month').fill('2024-02');
      await page.getByLabel('Compared with').selectOption('previous_year');
      await page.getByRole('button', { name: 'Show report' }).click();
      await page.waitForURL(/period=month&month=2024-02/);
      await page.getByText('February 2024', { exact: true }).first().waitFor();
      const charts = page.locator('img.chart');
      expect(await charts.count()).toBe(3);
      expect(await imagesLoaded(page, 'img.chart')).toEqual([true, true, true]);
      expect(await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
        `/console/sites/${siteId}/report?period=2024-02&compare=previous_year&format=pdf`,
      );
      await shoot(page, `report-site-${width}`);
      expect(await overflowing(page)).toEqual([]);
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download PDF' }).click();
      await (await download).saveAs(join(shots, `report-site-${width}.pdf`));
      expect((await download).suggestedFilename()).toMatch(
        /^report-site-\d+-acme-plumbing-2024-02\.pdf$/,
      );
      // The printable page, with the white label, as the browser shows it.
      await page.getByRole('link', { name: 'Printable page (HTML)' }).click();
      await page.waitForURL(/format=html/);
      expect(await imagesLoaded(page, 'header.brand img')).toEqual([true]);
      await shoot(page, `report-site-html-${width}`);
      expect(await overflowing(page)).toEqual([]);
      expect(watch.incidents).toEqual([]);
      await page.context().close();
    });

    it(`shows the account report, sorted by a column's heading, at ${width} px`, async () => {
      const page = await signedIn(width);
      const watch = watchForScript(page);
      await page.goto(`${base}/console/report?period=2024-03`);
      await page.getByRole('link', { name: /^Backlinks/ }).click();
      await page.waitForURL(/sort=backlinks_acquired&dir=desc/);
      const counts = await page
        .locator('tbody tr td:nth-child(4)')
        .allInnerTexts()
        .then((cells) => cells.map((cell) => Number(cell.replace(/,/g, ''))));
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      await shoot(page, `report-account-${width}`);
      expect(await overflowing(page)).toEqual([]);
      expect(watch.incidents).toEqual([]);
      await page.context().close();
    });
  }
});
