import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's `chromium` package; `.ci/run` installs it when it is missing. */
export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `describe` for tests that need a real browser: skipped, saying so, on a
 * machine without Chromium, so that only they are left out.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (HAS_CHROMIUM) {
    describe(name, body);
    return;
  }
  describe.skip(
    `${name} (skipped: no Chromium at ${CHROMIUM}; install Debian's chromium package)`,
    body,
  );
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium).`);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
}

/**
 * Where screenshots go: the README's folder when UPDATE_SCREENSHOTS is set
 * (`npm run screenshots`), otherwise a temporary one — they are taken on every
 * run either way, so a page that cannot be captured fails the test.
 */
export function screenshotDir(): string {
  if (process.env.UPDATE_SCREENSHOTS) {
    const dir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  return mkdtempSync(join(tmpdir(), 'content-api-screenshots-'));
}

export async function screenshot(page: Page, dir: string, name: string): Promise<void> {
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}

/**
 * Watches a page for script that should never run: a dialog (alert, confirm),
 * an uncaught error, or a Content Security Policy refusal of inline script.
 */
export function watchForScript(page: Page): { incidents: string[] } {
  const incidents: string[] = [];
  page.on('dialog', (dialog) => {
    incidents.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => incidents.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) incidents.push(`csp: ${message.text()}`);
  });
  return { incidents };
}

/**
 * A browser context of its own viewport, signed in to the console at `base`
 * through the sign-in form as a person would (password, no second factor).
 */
export async function signedInContext(
  browser: Browser,
  base: string,
  person: { email: string; password: string },
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${base}/console/sign-in`);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/console`);
  await page.close();
  return context;
}
