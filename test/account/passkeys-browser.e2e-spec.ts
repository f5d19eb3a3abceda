import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '../../src/common/net/free-port.js';
import {
  describeInBrowser,
  launchChromium,
  screenshot,
  screenshotDir,
  watchForScript,
} from '../support/browser.js';
import { seedAccount, seedUser, type SeededUser } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { ageAuthentication } from './support.js';

const WIDTHS = [1280, 390] as const;

/** What does not fit a window: sideways scroll of the page, and controls cut off at its right edge. */
const MEASURE = `(() => ({
  pageOverflow: Math.max(0, document.scrollingElement.scrollWidth - window.innerWidth),
  controlsOffScreen: [...document.querySelectorAll('main a, main button, main input')]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > window.innerWidth;
    })
    .map((element) => element.textContent.trim() || element.getAttribute('name')),
}))()`;

describeInBrowser('passkeys and the security pages in Chromium (virtual authenticator)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let user: SeededUser;
  let incidents: string[];
  const shots = screenshotDir();

  /** Screenshots of the page shown now at both widths, each checked to fit. */
  async function shoot(name: string): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await screenshot(page, shots, `${name}-${width}`);
      expect([name, width, await page.evaluate(MEASURE)]).toEqual([
        name,
        width,
        { pageOverflow: 0, controlsOffScreen: [] },
      ]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  async function signOut(): Promise<void> {
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/console/sign-in`);
  }

  async function passwordStep(): Promise<void> {
    await page.goto(`${base}/console/sign-in`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  beforeAll(async () => {
    const port = await freePort();
    // WebAuthn needs a domain name (not an IP address) in a secure context: localhost is one.
    base = `http://localhost:${port}`;
    t = await createTestApp({ PUBLIC_BASE_URL: base, RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen(port);
    const { accountId } = await seedAccount(t.db, { name: 'Acme Agency' });
    user = await seedUser(t.db, accountId, { email: 'pia@acme.example', name: 'Pia Passkey' });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    ({ incidents } = watchForScript(page));
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('adds a named passkey, shows recovery codes once, and lists it', async () => {
    await passwordStep();
    await page.waitForURL(`${base}/console`);
    await page.goto(`${base}/console/account/security`);
    await page.getByRole('heading', { name: 'Security' }).waitFor();
    await shoot('account-security');
    await page.getByRole('link', { name: 'Add a passkey' }).click();
    await page.getByLabel('Name').fill('Work laptop');
    await shoot('account-passkey-new');
    await page.getByRole('button', { name: 'Add passkey' }).click();
    await page.waitForURL(`${base}/console/account/security/recovery-codes`);
    await page.getByText('Passkey “Work laptop” is added.').waitFor();
    const codes = (await page.locator('#recovery-codes').textContent())!.trim().split('\n');
    expect(codes).toHaveLength(10);
    await shoot('account-recovery-codes');
    await page.getByRole('link', { name: 'I have saved them' }).click();
    await page.getByRole('cell', { name: 'Work laptop' }).waitFor();
    const [row] = await t.db.query(
      `SELECT name, counter, length(public_key) AS key_bytes FROM passkeys WHERE user_id = $1`,
      [user.userId],
    );
    expect(row.name).toBe('Work laptop');
    expect(row.key_bytes).toBeGreaterThan(30);
    await shoot('account-security-passkey');
  });

  it('signs in with the passkey alone, from the sign-in page', async () => {
    await signOut();
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
    await shoot('sign-in-passkey');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${base}/console`);
    await page.getByText('Pia Passkey').waitFor();
    const [used] = await t.db.query(`SELECT last_used_at FROM passkeys WHERE user_id = $1`, [
      user.userId,
    ]);
    expect(used.last_used_at).not.toBeNull();
  });

  it('asks for the passkey after the password, as the second step', async () => {
    await signOut();
    await passwordStep();
    await page.waitForURL(`${base}/console/sign-in/second-factor`);
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
    await shoot('sign-in-second-factor');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(`${base}/console`);
  });

  it('re-authenticates with the passkey before a change, and comes back to it', async () => {
    await ageAuthentication(t.db, user.userId, 11);
    await page.goto(`${base}/console/account/security/app`);
    await page.waitForURL(/\/console\/re-authenticate\?return_to=/);
    await page.getByRole('button', { name: 'Use a passkey instead' }).waitFor();
    await shoot('re-authenticate');
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.waitForURL(`${base}/console/account/security/app`);
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await shoot('account-app-setup');
  });

  it('shows the sessions page and the confirmations', async () => {
    await page.goto(`${base}/console/account/sessions`);
    await page.getByText('This session').waitFor();
    await shoot('account-sessions');
    await page.goto(`${base}/console/account/security`);
    await page.getByRole('link', { name: 'Remove' }).click();
    await page.getByRole('heading', { name: /Remove passkey/ }).waitFor();
    await shoot('account-passkey-remove');
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('your other sessions are signed out').waitFor();
    expect(await t.db.query(`SELECT 1 FROM passkeys WHERE user_id = $1`, [user.userId])).toEqual(
      [],
    );
    expect(incidents).toEqual([]);
  });

  it('says when no passkey was used, and hides the passkey forms where WebAuthn is missing', async () => {
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const cancelling = await other.newPage();
      // The browser's dialog closed by the person: the error WebAuthn gives for it.
      await cancelling.addInitScript(
        `navigator.credentials.get = () => Promise.reject(new DOMException('Not allowed.', 'NotAllowedError'));`,
      );
      await cancelling.goto(`${base}/console/sign-in`);
      await cancelling.getByRole('button', { name: 'Use a passkey' }).click();
      await cancelling
        .getByRole('alert')
        .filter({ hasText: 'No passkey was used (it was cancelled or timed out). Try again.' })
        .waitFor();
      expect(cancelling.url()).toBe(`${base}/console/sign-in`);

      const without = await other.newPage();
      const { incidents: problems } = watchForScript(without);
      await without.addInitScript('delete window.PublicKeyCredential;');
      await without.goto(`${base}/console/sign-in`);
      await without.getByLabel('Password').waitFor();
      expect(await without.getByRole('button', { name: 'Use a passkey' }).isVisible()).toBe(false);
      expect(problems).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
