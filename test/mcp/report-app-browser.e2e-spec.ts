import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import {
  describeInBrowser,
  launchChromium,
  screenshotDir,
  watchForScript,
} from '../support/browser.js';
import { seedAccount, seedArticle, seedBacklink, seedSite } from '../support/fixtures.js';
import { assertBuilt, callTool, hostedClient, listen } from '../support/mcp-client.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/** What ./browser-host/app-host.ts puts on the host page's window. */
interface HostWindow {
  startHost(start: {
    appUrl: string;
    theme: 'light' | 'dark';
    input: Record<string, unknown>;
    result: CallToolResult;
  }): Promise<void>;
  hostReady?: boolean;
  appHeight?: number;
}

const HOST = 'http://host.test/';
const APP = 'http://app.test/report.html';
/** The default policy of the apps extension for a page that declares no origin. */
const EXTENSION_CSP = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "media-src 'self' data:",
  "connect-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/** The host page's script: the package's host-side bridge and ./browser-host/app-host.ts. */
async function hostScript(): Promise<string> {
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./browser-host/app-host.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return bundled.outputFiles[0].text;
}

/** A month of backlinks from several domains, to several pages, in both categories. */
async function seedMonth(t: TestApp): Promise<{ key: string; siteId: number }> {
  const owner = await seedAccount(t.db);
  const siteId = await seedSite(t.db, owner.accountId, {
    name: 'Acme Plumbing',
    website_url: 'https://acme-plumbing.example/',
  });
  const domains = ['news.example', 'homes.example', 'diy-weekly.example', 'citypages.example'];
  const anchors = ['branded', 'exact', 'partial', 'naked_url', 'generic'];
  const pages = [
    'https://acme-plumbing.example/',
    'https://acme-plumbing.example/boilers/repair-or-replace',
    'https://acme-plumbing.example/radiators',
  ];
  for (let i = 0; i < 48; i++) {
    const day = String(1 + ((i * 7) % 31)).padStart(2, '0');
    await seedBacklink(t.db, siteId, {
      acquired_at: `2026-10-${day}T10:00:00Z`,
      source_domain: domains[i % domains.length],
      anchor_type: anchors[i % anchors.length],
      target_url: pages[i % pages.length],
      category: i % 3 === 0 ? 'local' : 'industry',
    });
  }
  for (let i = 0; i < 20; i++) {
    const day = String(1 + ((i * 3) % 30)).padStart(2, '0');
    await seedBacklink(t.db, siteId, {
      acquired_at: `2026-09-${day}T10:00:00Z`,
      source_domain: 'news.example',
      category: i % 2 === 0 ? 'local' : 'industry',
    });
  }
  for (const [title, day] of [
    ['How to bleed a radiator', '02'],
    ['Boiler repair or replacement?', '14'],
    ['Five signs of a hidden leak', '27'],
  ]) {
    await seedArticle(t.db, siteId, { title, published_at: `2026-10-${day}T09:00:00Z` });
  }
  return { key: owner.key, siteId };
}

describeInBrowser('the report view in a host with MCP Apps (Chromium)', () => {
  let t: TestApp;
  let client: Client;
  let browser: Browser;
  let html: string;
  let host: string;
  let siteId: number;
  const shots = screenshotDir();

  beforeAll(async () => {
    assertBuilt();
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    const seeded = await seedMonth(t);
    siteId = seeded.siteId;
    client = await hostedClient(await listen(t), { Authorization: `Bearer ${seeded.key}` });
    const { tools } = await client.listTools();
    const uri = (
      tools.find((tool) => tool.name === 'get_report')!._meta!.ui as { resourceUri: string }
    ).resourceUri;
    const { contents } = await client.readResource({ uri });
    html = (contents[0] as { text: string }).text;
    host = `<!doctype html><html><head><meta charset="utf-8"><style>
      body { margin: 0; background: #888; } iframe { display: block; width: 100%; border: 0; }
      </style></head><body><script type="module">${await hostScript()}</script></body></html>`;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await client?.close();
    await t?.close();
  });

  /** The host page at `width`, the app in its frame, fed a real get_report call. */
  async function open(width: number, theme: 'light' | 'dark') {
    const page: Page = await browser.newPage({ viewport: { width, height: 900 } });
    const { incidents } = watchForScript(page);
    const outside: string[] = [];
    const calls: Array<Record<string, unknown>> = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url === HOST) return route.fulfill({ contentType: 'text/html', body: host });
      if (url === APP) {
        return route.fulfill({
          contentType: 'text/html',
          headers: { 'Content-Security-Policy': EXTENSION_CSP },
          body: html,
        });
      }
      outside.push(url);
      return route.abort();
    });
    await page.exposeFunction('callTool', (name: string, args: Record<string, unknown>) => {
      calls.push({ name, ...args });
      return callTool(client, name, args);
    });
    const input = { site_id: siteId, period: '2026-10' };
    const result: CallToolResult = await callTool(client, 'get_report', input);
    await page.goto(HOST);
    await page.evaluate((start) => (globalThis as unknown as HostWindow).startHost(start), {
      appUrl: APP,
      theme,
      input,
      result,
    });
    await page.waitForFunction(() => (globalThis as unknown as HostWindow).hostReady === true);
    const app = page.frameLocator('iframe');
    await app.locator('.tile').first().waitFor();
    return { page, app, incidents, outside, calls };
  }

  /**
   * The frame takes the height the app asks for (ui/notifications/size-changed),
   * which must hold the whole page. The viewport is then made that tall: a
   * full-page capture would not repaint the cross-origin frame.
   */
  async function shoot(page: Page, name: string) {
    await page.waitForFunction(() => (globalThis as unknown as HostWindow).appHeight !== undefined);
    const pageHeight = await page
      .frameLocator('iframe')
      .locator('html')
      .evaluate((html) => html.scrollHeight);
    const frameHeight = await page.locator('iframe').evaluate((frame) => frame.clientHeight);
    expect(frameHeight).toBeGreaterThanOrEqual(pageHeight);
    await page.setViewportSize({ width: page.viewportSize()!.width, height: frameHeight });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(shots, `${name}.png`) });
  }

  it.each([
    [420, 'light'],
    [420, 'dark'],
    [700, 'light'],
    [700, 'dark'],
  ] as const)(
    'renders the report at %i px in the %s theme, under the extension’s policy',
    async (width, theme) => {
      const { page, app, incidents, outside } = await open(width, theme);
      expect(await app.locator('h1').textContent()).toBe('Acme Plumbing');
      expect(await app.locator('#subtitle').textContent()).toBe(
        'October 2026 · compared with the previous period (September 2026)',
      );
      expect(await app.locator('.tile .value').allTextContents()).toEqual(['3', '48', '32', '16']);
      expect(await app.locator('.tile .change').nth(1).textContent()).toBe('+28 (+140%)');
      expect(await app.locator('.plot .bar').count()).toBe(31);
      expect(await app.locator('html').getAttribute('data-theme')).toBe(theme);
      const overflow = await app
        .locator('body')
        .evaluate((body) => body.scrollWidth - body.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, `report-app-${width}-${theme}`);
      expect(incidents).toEqual([]);
      expect(outside).toEqual([]);
      await page.close();
    },
  );

  it('switches the comparison and the period by calling get_report again through the host', async () => {
    const { page, app, incidents, outside, calls } = await open(700, 'light');
    await app.locator('#compare').selectOption('none');
    await app.locator('#subtitle', { hasText: 'October 2026 · no comparison' }).waitFor();
    expect(await app.locator('.tile .change').count()).toBe(0);
    await app.locator('#period').selectOption('2026-09');
    await app.locator('#subtitle', { hasText: 'September 2026 · no comparison' }).waitFor();
    expect(await app.locator('.tile .value').nth(1).textContent()).toBe('20');
    expect(calls).toEqual([
      { name: 'get_report', site_id: siteId, period: '2026-10', compare: 'none' },
      { name: 'get_report', site_id: siteId, period: '2026-09', compare: 'none' },
    ]);
    expect(incidents).toEqual([]);
    expect(outside).toEqual([]);
    await page.close();
  });
});
