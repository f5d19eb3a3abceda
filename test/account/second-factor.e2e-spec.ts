import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { UsersService } from '../../src/users/index.js';
import { ConsoleClient } from '../support/console-client.js';
import { seedAccount, seedUser, type SeededUser } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  ageAuthentication,
  appCode,
  forgetLastStep,
  ORIGIN,
  passwordStep,
  shownCodes,
  shownSecret,
} from './support.js';

describe('a second factor: the authenticator app, recovery codes and the sign-in second step', () => {
  let t: TestApp;
  let accountId: number;

  const browser = () => new ConsoleClient(t.http, ORIGIN);

  async function signedIn(who: SeededUser): Promise<ConsoleClient> {
    const client = browser();
    expect((await passwordStep(client, who.email, who.password)).status).toBe(303);
    return client;
  }

  /** Sets up the app for `who`; its secret and the recovery codes shown. */
  async function enrolApp(client: ConsoleClient) {
    const setup = await client.get('/console/account/security/app');
    expect(setup.status).toBe(200);
    const secret = shownSecret(setup.text);
    const confirmed = await client.post('/console/account/security/app', {
      code: await appCode(secret),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/console/account/security/recovery-codes');
    const shown = await client.get('/console/account/security/recovery-codes');
    expect(shown.status).toBe(200);
    return { secret, codes: shownCodes(shown.text) };
  }

  async function factorRow(userId: number) {
    const [row] = await t.db.query(
      `SELECT secret_box, confirmed_at, last_used_step FROM totp_factors WHERE user_id = $1`,
      [userId],
    );
    return row as
      { secret_box: string; confirmed_at: Date | null; last_used_step: string | null } | undefined;
  }

  beforeAll(async () => {
    t = await createTestApp();
    accountId = (await seedAccount(t.db, { name: 'Acme Agency' })).accountId;
  });
  afterAll(() => t.close());

  describe('setting up the app', () => {
    it('shows a QR code (inline SVG) and the secret, confirmed by a code; the secret is stored encrypted', async () => {
      const user = await seedUser(t.db, accountId, { email: 'ana@acme.example' });
      const client = await signedIn(user);
      const page = await client.get('/console/account/security/app');
      expect(page.status).toBe(200);
      expect(page.text).toContain('src="data:image/svg+xml;base64,');
      const secret = shownSecret(page.text);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      // Reloading shows the same secret: nothing new is made.
      expect(shownSecret((await client.get('/console/account/security/app')).text)).toBe(secret);
      const stored = await factorRow(user.userId);
      expect(stored?.confirmed_at).toBeNull();
      expect(stored?.secret_box).toMatch(/^v1\./);
      expect(stored?.secret_box).not.toContain(secret);

      const wrong = await client.post('/console/account/security/app', { code: '000000' });
      expect(wrong.status).toBe(422);
      expect(wrong.text).toContain('That code did not match');
      expect((await factorRow(user.userId))?.confirmed_at).toBeNull();

      const right = await client.post('/console/account/security/app', {
        code: await appCode(secret),
      });
      expect(right.status).toBe(303);
      expect((await factorRow(user.userId))?.confirmed_at).not.toBeNull();
      const codes = await client.get('/console/account/security/recovery-codes');
      expect(codes.text).toContain('Your authenticator app is on.');
      const shown = shownCodes(codes.text);
      expect(shown).toHaveLength(10);
      for (const code of shown) expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(new Set(shown).size).toBe(10);

      // Shown once: reloading shows no codes, and the secret is never shown again.
      const again = await client.get('/console/account/security/recovery-codes');
      expect(again.status).toBe(303);
      expect(again.headers.location).toBe('/console/account/security');
      const security = await client.get('/console/account/security');
      expect(security.text).toContain('Recovery codes are shown only once');
      expect(security.text).not.toContain(secret);
      expect(security.text).toContain('10 of 10');
      const setupAgain = await client.get('/console/account/security/app');
      expect(setupAgain.status).toBe(303);
      expect(setupAgain.text).not.toContain(secret);

      const hashes = await t.db.query(
        `SELECT lookup, code_hash FROM recovery_codes WHERE user_id = $1`,
        [user.userId],
      );
      expect(hashes).toHaveLength(10);
      for (const row of hashes as Array<{ code_hash: string }>) {
        for (const code of shown) expect(row.code_hash).not.toContain(code.replace(/-/g, ''));
      }
    });
  });

  describe('signing in with a second factor', () => {
    let user: SeededUser;
    let enrolled: { secret: string; codes: string[] };

    beforeAll(async () => {
      user = await seedUser(t.db, accountId, { email: 'bo@acme.example' });
      enrolled = await enrolApp(await signedIn(user));
    });

    it('asks for the code after a right password, and the session is not signed in until then', async () => {
      const client = browser();
      const password = await passwordStep(client, user.email, user.password);
      expect(password.status).toBe(303);
      expect(password.headers.location).toBe('/console/sign-in/second-factor');
      const pending = await t.db.query(
        `SELECT sess FROM console_sessions WHERE sess::jsonb ? 'pendingSignIn' AND sess::jsonb -> 'pendingSignIn' ->> 'userId' = $1`,
        [String(user.userId)],
      );
      expect(pending).toHaveLength(1);
      expect(pending[0].sess.userId).toBeUndefined();
      // Every signed-in page still sends the browser to sign in.
      const overview = await client.get('/console');
      expect(overview.status).toBe(303);
      expect(overview.headers.location).toBe('/console/sign-in');
      const step = await client.get('/console/sign-in/second-factor');
      expect(step.status).toBe(200);
      expect(step.text).toContain('Code from your authenticator app');

      await forgetLastStep(t.db, user.userId);
      const code = await appCode(enrolled.secret);
      const done = await client.post('/console/sign-in/second-factor', { code });
      expect(done.status).toBe(303);
      expect(done.headers.location).toBe('/console');
      expect((await client.get('/console')).status).toBe(200);

      // The same code does not work twice, even a moment later in another browser.
      const other = browser();
      await passwordStep(other, user.email, user.password);
      await other.get('/console/sign-in/second-factor');
      const replay = await other.post('/console/sign-in/second-factor', { code });
      expect(replay.status).toBe(401);
      expect(replay.text).toContain('That code did not work');
      expect((await other.get('/console')).status).toBe(303);
    });

    it('refuses a code more than one 30-second step away', async () => {
      await forgetLastStep(t.db, user.userId);
      const client = browser();
      await passwordStep(client, user.email, user.password);
      await client.get('/console/sign-in/second-factor');
      for (const steps of [-3, 3]) {
        const stale = await client.post('/console/sign-in/second-factor', {
          code: await appCode(enrolled.secret, steps),
        });
        expect(stale.status).toBe(401);
      }
      expect((await client.get('/console')).status).toBe(303);
    });

    it('still asks for the second factor after a password reset', async () => {
      const link = (await t.app.get(UsersService).resetPassword(user.userId)).set_password_url!;
      const token = new URL(link).searchParams.get('token')!;
      const newPassword = 'a brand new and long passphrase';
      await t.app.get(UsersService).setPasswordWithLink(token, newPassword);
      const client = browser();
      const res = await passwordStep(client, user.email, newPassword);
      expect(res.headers.location).toBe('/console/sign-in/second-factor');
      expect((await client.get('/console')).status).toBe(303);
      user = { ...user, password: newPassword };
    });

    it('takes a recovery code once, in any case and with or without dashes', async () => {
      const [first] = enrolled.codes;
      const client = browser();
      await passwordStep(client, user.email, user.password);
      await client.get('/console/sign-in/second-factor');
      const typed = first.toLowerCase().replace(/-/g, ' ');
      expect((await client.post('/console/sign-in/second-factor', { code: typed })).status).toBe(
        303,
      );
      const security = await client.get('/console/account/security');
      expect(security.text).toContain('9 of 10');

      const again = browser();
      await passwordStep(again, user.email, user.password);
      await again.get('/console/sign-in/second-factor');
      expect((await again.post('/console/sign-in/second-factor', { code: first })).status).toBe(
        401,
      );
    });

    it('slows down wrong codes: after 5 wrong ones every attempt is refused with 429', async () => {
      const target = await seedUser(t.db, accountId, { email: 'cy@acme.example' });
      const { secret } = await enrolApp(await signedIn(target));
      const client = browser();
      await passwordStep(client, target.email, target.password);
      await client.get('/console/sign-in/second-factor');
      for (let i = 0; i < 5; i++) {
        const wrong = await client.post('/console/sign-in/second-factor', { code: '123456' });
        expect(wrong.status).toBe(401);
      }
      await forgetLastStep(t.db, target.userId);
      const refused = await client.post('/console/sign-in/second-factor', {
        code: await appCode(secret),
      });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect((await client.get('/console')).status).toBe(303);
    });

    it('refuses malformed input with a clear 4xx and changes nothing', async () => {
      const client = browser();
      await passwordStep(client, user.email, user.password);
      await client.get('/console/sign-in/second-factor');
      const long = await client.post('/console/sign-in/second-factor', { code: 'x'.repeat(5000) });
      expect(long.status).toBe(401);
      const noPasskey = await client.post('/console/sign-in/second-factor/passkey', {
        response: 'not json',
      });
      expect(noPasskey.status).toBe(400);
      expect(noPasskey.text).toContain('That passkey could not be checked');
      const noPurpose = await client.post('/console/passkeys/options', { purpose: 'steal' });
      expect(noPurpose.status).toBe(400);
      expect(noPurpose.body).toEqual({
        error: 'validation_failed',
        message: 'Unknown passkey purpose.',
      });
      const anonymous = browser();
      await anonymous.get('/console/sign-in');
      expect((await anonymous.get('/console/sign-in/second-factor')).headers.location).toBe(
        '/console/sign-in',
      );
    });

    it('records each step in the activity log under the person', async () => {
      await t.app.get(LearningLogWriter).flush();
      const rows = await t.db.query(
        `SELECT operation, status FROM learning_log
          WHERE channel = 'console' AND user_id = $1 AND operation = 'signInSecondFactor'`,
        [user.userId],
      );
      expect((rows as Array<{ status: number }>).map((row) => row.status)).toEqual(
        expect.arrayContaining([200, 401]),
      );
    });
  });

  describe('removing the app', () => {
    it('needs a recent sign-in, ends the other sessions and keeps this one', async () => {
      const user = await seedUser(t.db, accountId, { email: 'di@acme.example' });
      const here = await signedIn(user);
      const { secret } = await enrolApp(here);
      const there = browser();
      await passwordStep(there, user.email, user.password);
      await there.get('/console/sign-in/second-factor');
      expect(
        (await there.post('/console/sign-in/second-factor', { code: await appCode(secret, 1) }))
          .status,
      ).toBe(303);
      expect((await there.get('/console')).status).toBe(200);

      await ageAuthentication(t.db, user.userId, 11);
      const asked = await here.get('/console/account/security/app/remove');
      expect(asked.status).toBe(303);
      expect(asked.headers.location).toBe(
        '/console/re-authenticate?return_to=%2Fconsole%2Faccount%2Fsecurity%2Fapp%2Fremove',
      );
      const form = await here.get(asked.headers.location);
      expect(form.status).toBe(200);
      expect(form.text).toContain('Confirm it is you');
      const wrong = await here.post('/console/re-authenticate', {
        password: 'not it',
        return_to: '/console/account/security/app/remove',
      });
      expect(wrong.status).toBe(401);
      const right = await here.post('/console/re-authenticate', {
        password: user.password,
        return_to: '/console/account/security/app/remove',
      });
      expect(right.status).toBe(303);
      expect(right.headers.location).toBe('/console/account/security/app/remove');
      expect((await here.get('/console/account/security/app/remove')).status).toBe(200);
      const removed = await here.post('/console/account/security/app/remove', {});
      expect(removed.status).toBe(303);
      expect(await factorRow(user.userId)).toBeUndefined();
      expect(
        (await t.db.query(`SELECT 1 FROM recovery_codes WHERE user_id = $1`, [user.userId])).length,
      ).toBe(0);
      const notice = await here.get('/console/account/security');
      expect(notice.text).toContain(
        'The authenticator app is removed; your other sessions are signed out.',
      );
      expect((await there.get('/console')).status).toBe(303);
      // Without a factor, the password alone signs in again.
      expect((await passwordStep(browser(), user.email, user.password)).headers.location).toBe(
        '/console',
      );
    });
  });

  describe('an account that requires a second factor', () => {
    it('leads a member without one to set one up before anything else', async () => {
      const owner = await seedUser(t.db, accountId, { email: 'owner@acme.example' });
      const member = await seedUser(t.db, accountId, {
        email: 'member@acme.example',
        role: 'member',
      });
      const ownerClient = await signedIn(owner);
      const security = await ownerClient.get('/console/account/security');
      expect(security.text).toContain('Require a second factor');
      const memberClient = await signedIn(member);
      expect((await memberClient.post('/console/account/security/requirement', {})).status).toBe(
        403,
      );
      expect((await ownerClient.post('/console/account/security/requirement', {})).status).toBe(
        303,
      );
      expect((await ownerClient.get('/console/account/security')).text).toContain(
        'A second factor is now required',
      );

      const next = browser();
      const signIn = await passwordStep(next, member.email, member.password);
      expect(signIn.headers.location).toBe('/console');
      for (const path of ['/console', '/console/connection', '/console/people']) {
        const res = await next.get(path);
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/console/account/security');
      }
      const page = await next.get('/console/account/security');
      expect(page.text).toContain('Set up a second factor to continue');
      await enrolApp(next);
      expect((await next.get('/console')).status).toBe(200);

      // The last factor cannot go while it is required.
      const refused = await next.get('/console/account/security/app/remove');
      expect(refused.status).toBe(200);
      const remove = await next.post('/console/account/security/app/remove', {});
      expect(remove.status).toBe(403);
      expect(remove.text).toContain('Your account requires a second factor');
      expect(await factorRow(member.userId)).toBeDefined();
      await ownerClient.post('/console/account/security/requirement', {});
    });
  });
});
