import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../src/common/net/free-port.js';
import {
  describeInBrowser,
  launchChromium,
  screenshot,
  screenshotDir,
} from '../support/browser.js';
import { seedAccount, seedUser } from '../support/fixtures.js';
import { linkIn, SmtpSink } from '../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const WIDTHS = [
  { name: 'laptop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** How far the page scrolls sideways, and controls of the main area that overlap each other. */
const MEASURE = `(() => {
  const controls = [...document.querySelectorAll('main a, main button, main input, main select')]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0);
  let overlaps = 0;
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) overlaps++;
    }
  return { pageOverflow: Math.max(0, document.scrollingElement.scrollWidth - window.innerWidth), overlaps };
})()`;

/**
 * The new pages as a person uses them in Chromium — forgot password from the
 * sign-in page to a new password, "Your account", an invitation from People
 * to the invited person's first sign-in — each at laptop and phone width,
 * with nothing scrolling sideways and no controls on top of each other.
 * Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS.
 */
describeInBrowser('your account in Chromium', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let accountId: number;
  const shots = process.env.UPDATE_SCREENSHOTS
    ? screenshotDir()
    : join(process.env.SCREENSHOT_DIR ?? screenshotDir(), 'account');

  async function check(page: Page, name: string): Promise<void> {
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const fit = await page.evaluate<{ pageOverflow: number; overlaps: number }>(MEASURE);
      expect([name, size.name, fit]).toEqual([name, size.name, { pageOverflow: 0, overlaps: 0 }]);
      await screenshot(page, shots, `${name}-${size.width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto(`${base}/console/sign-in`);
    await page.fill('#email', email);
    await page.fill('#password', password);
    await Promise.all([page.waitForURL(`${base}/console`), page.click('button[type=submit]')]);
  }

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await new SmtpSink().start();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_BASE_URL: base, SMTP_URL: sink.url });
    await t.app.listen(port, '127.0.0.1');
    ({ accountId } = await seedAccount(t.db, { name: 'Acme Agency' }));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await sink?.stop();
  });

  it('recovers a forgotten password from the sign-in page', async () => {
    const person = await seedUser(t.db, accountId, {
      email: 'rita@agency.example',
      name: 'Rita Reader',
    });
    const page = await browser.newPage();
    await page.goto(`${base}/console/sign-in`);
    await Promise.all([
      page.waitForURL(`${base}/console/forgot-password`),
      page.click('text=Forgot your password?'),
    ]);
    await check(page, 'forgot-password');
    await page.fill('#email', person.email);
    await Promise.all([page.waitForURL(/sent=1/), page.click('button[type=submit]')]);
    expect(await page.textContent('main')).toContain('Check your email');
    await check(page, 'forgot-password-sent');

    const mail = await sink.next(person.email, /new content-api password/);
    await page.goto(linkIn(mail, `${base}/console/set-password?token=`));
    expect(await page.textContent('h1')).toBe('Choose a new password');
    await check(page, 'reset-password');
    await page.fill('#password', 'the sea at night is loud');
    await page.fill('#confirm', 'the sea at night is loud');
    await Promise.all([
      page.waitForURL(`${base}/console/sign-in`),
      page.click('button[type=submit]'),
    ]);
    await signIn(page, person.email, 'the sea at night is loud');
    await page.close();
  });

  it('shows "Your account" and changes the time zone and password there', async () => {
    const person = await seedUser(t.db, accountId, {
      email: 'sam@agency.example',
      name: 'Sam Settings',
    });
    const page = await browser.newPage();
    await signIn(page, person.email, 'correct horse battery staple');
    await Promise.all([
      page.waitForURL(`${base}/console/account`),
      page.click('header a[href="/console/account"]'),
    ]);
    await check(page, 'account');
    await page.selectOption('#time_zone', 'Europe/Paris');
    await Promise.all([
      page.waitForURL(`${base}/console/account`),
      page.click('#profile button[type=submit]'),
    ]);
    expect(await page.textContent('main')).toContain('Your profile is saved.');

    await page.fill('#current-password', 'not the password');
    await page.fill('#new-password', 'a garden of small stones');
    await page.fill('#confirm-password', 'a garden of small stones');
    await page.click('#password button[type=submit]');
    expect(await page.textContent('#password')).toContain('The current password is not right.');
    await check(page, 'account-refused');
    await page.fill('#current-password', 'correct horse battery staple');
    await page.fill('#new-password', 'a garden of small stones');
    await page.fill('#confirm-password', 'a garden of small stones');
    await Promise.all([
      page.waitForURL(`${base}/console/account`),
      page.click('#password button[type=submit]'),
    ]);
    expect(await page.textContent('main')).toContain('Your password is changed.');
    await sink.next(person.email, /password was changed/);

    await page.fill('#new-email', 'sam.new@agency.example');
    await page.fill('#email-password', 'a garden of small stones');
    await Promise.all([
      page.waitForURL(`${base}/console/account`),
      page.click('#email button[type=submit]'),
    ]);
    const confirm = await sink.next('sam.new@agency.example', /Confirm your new/);
    await page.goto(linkIn(confirm, `${base}/console/confirm-email?token=`));
    await check(page, 'confirm-email');
    await Promise.all([
      page.waitForURL(`${base}/console/account`),
      page.click('main button[type=submit]'),
    ]);
    expect(await page.textContent('main')).toContain('Your email is now sam.new@agency.example.');
    await page.close();
  });

  it('invites a person from People, who chooses a password and signs in', async () => {
    const owner = await seedUser(t.db, accountId, {
      email: 'olga@agency.example',
      name: 'Olga Owner',
    });
    const page = await browser.newPage();
    await signIn(page, owner.email, 'correct horse battery staple');
    await page.goto(`${base}/console/people`);
    await page.fill('#person-email', 'newcomer@agency.example');
    await page.fill('#person-name', 'Nia Newcomer');
    await Promise.all([
      page.waitForURL(`${base}/console/people`),
      page.click('#add-person button[type=submit]'),
    ]);
    expect(await page.textContent('#invitations')).toContain('newcomer@agency.example');
    await check(page, 'people-invitations');

    const mail = await sink.next('newcomer@agency.example', /Olga Owner invites you/);
    const guest = await browser.newPage();
    await guest.goto(linkIn(mail, `${base}/console/set-password?token=`));
    expect(await guest.textContent('h1')).toBe('Welcome: choose your password');
    await check(guest, 'invitation-accept');
    await guest.fill('#password', 'blue kettles sing at dawn');
    await guest.fill('#confirm', 'blue kettles sing at dawn');
    await Promise.all([
      guest.waitForURL(`${base}/console/sign-in`),
      guest.click('button[type=submit]'),
    ]);
    await signIn(guest, 'newcomer@agency.example', 'blue kettles sing at dawn');
    await guest.close();
    await page.close();
  });
});
