import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { ConsoleClient } from '../support/console-client.js';
import { seedAccount, seedUser } from '../support/fixtures.js';
import { linkIn, SmtpSink } from '../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORIGIN = 'http://api.test';
const PASSWORD = 'correct horse battery staple';

/**
 * A person looks after their own account, email read from a real SMTP
 * server: a forgotten password, a changed password, a new email address,
 * their profile and time zone. Every form answers with a redirect; a refused
 * one shows its reason with a 4xx and changes nothing.
 */
describe('Your account', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let accountId: number;
  const browser = () => new ConsoleClient(t.http, ORIGIN);
  /** Each client its own address, so the per-address limit of one test does not reach another. */
  let nextAddress = 1;
  const from = () => ({ Origin: ORIGIN, 'X-Forwarded-For': `203.0.113.${nextAddress++}` });

  async function signedIn(email: string, password = PASSWORD): Promise<ConsoleClient> {
    const client = browser();
    expect((await client.signIn(email, password)).status).toBe(303);
    return client;
  }

  async function isSignedIn(client: ConsoleClient): Promise<boolean> {
    return (await client.get('/console/account')).status === 200;
  }

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp({ SMTP_URL: sink.url, TRUST_PROXY_HOPS: '1' });
    ({ accountId } = await seedAccount(t.db, { name: 'Acme Agency' }));
  });

  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  describe('forgot password', () => {
    it('sends a 1-hour link that sets a new password once and ends every session', async () => {
      const person = await seedUser(t.db, accountId, {
        email: 'forgot@agency.example',
        name: 'Fay Forgot',
      });
      const elsewhere = await signedIn(person.email);

      const visitor = browser();
      const signInPage = await visitor.get('/console/sign-in');
      expect(signInPage.text).toContain('href="/console/forgot-password"');
      await visitor.get('/console/forgot-password');
      const asked = await visitor.post(
        '/console/forgot-password',
        { email: 'FORGOT@agency.example' },
        from(),
      );
      expect(asked.status).toBe(303);
      expect(asked.headers.location).toBe('/console/forgot-password?sent=1');
      const sent = await visitor.get(asked.headers.location);
      expect(sent.text).toContain('Check your email');

      const mail = await sink.next(person.email, /new content-api password/);
      expect(mail.text).toContain('Hello Fay Forgot,');
      const link = linkIn(mail, `${ORIGIN}/console/set-password?token=`);
      // Asking changed nothing yet: the old password still works.
      expect(await isSignedIn(elsewhere)).toBe(true);

      const path = link.slice(ORIGIN.length);
      const form = await visitor.get(path);
      expect(form.status).toBe(200);
      expect(form.text).toContain('Choose a new password');
      const weak = await visitor.post('/console/set-password', {
        token: new URL(link).searchParams.get('token')!,
        password: 'qwerty123456',
        confirm: 'qwerty123456',
      });
      expect(weak.status).toBe(422);
      expect(weak.text).toContain('one of the most common passwords');

      const set = await visitor.post('/console/set-password', {
        token: new URL(link).searchParams.get('token')!,
        password: 'a brand new passphrase',
        confirm: 'a brand new passphrase',
      });
      expect(set.status).toBe(303);
      expect(await isSignedIn(elsewhere)).toBe(false);
      expect((await browser().signIn(person.email, PASSWORD)).status).toBe(401);
      await signedIn(person.email, 'a brand new passphrase');
      expect((await browser().get(path)).status).toBe(404);
      expect((await sink.next(person.email, /password was changed/)).text).toContain(
        'was just changed',
      );
    });

    it('answers an unknown email exactly like a known one, and sends nothing', async () => {
      const visitor = browser();
      await visitor.get('/console/forgot-password');
      const asked = await visitor.post(
        '/console/forgot-password',
        { email: 'nobody@agency.example' },
        from(),
      );
      expect(asked.status).toBe(303);
      expect(asked.headers.location).toBe('/console/forgot-password?sent=1');
      await t.app.get(LearningLogWriter).flush();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(
        sink.arrived.filter((mail) => mail.envelopeTo.includes('nobody@agency.example')),
      ).toEqual([]);
    });

    it('allows 3 requests an hour per email, then 429 with Retry-After, whoever asks', async () => {
      const person = await seedUser(t.db, accountId, { email: 'limited@agency.example' });
      const visitor = browser();
      await visitor.get('/console/forgot-password');
      for (let i = 0; i < 3; i++) {
        expect(
          (await visitor.post('/console/forgot-password', { email: person.email }, from())).status,
        ).toBe(303);
      }
      const refused = await visitor.post(
        '/console/forgot-password',
        { email: person.email },
        from(),
      );
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_000);
      expect(refused.text).toContain('Too many requests');
      // An unknown email is limited the same way: the refusal tells nothing.
      for (let i = 0; i < 3; i++) {
        await visitor.post('/console/forgot-password', { email: 'ghost@agency.example' }, from());
      }
      expect(
        (await visitor.post('/console/forgot-password', { email: 'ghost@agency.example' }, from()))
          .status,
      ).toBe(429);
    });

    it('allows 20 requests an hour per client address', async () => {
      const visitor = browser();
      await visitor.get('/console/forgot-password');
      const address = { Origin: ORIGIN, 'X-Forwarded-For': '198.51.100.7' };
      for (let i = 0; i < 20; i++) {
        const res = await visitor.post(
          '/console/forgot-password',
          { email: `many${i}@agency.example` },
          address,
        );
        expect([i, res.status]).toEqual([i, 303]);
      }
      const refused = await visitor.post(
        '/console/forgot-password',
        { email: 'many20@agency.example' },
        address,
      );
      expect(refused.status).toBe(429);
    });

    it('refuses a control character in the email with 422', async () => {
      const visitor = browser();
      await visitor.get('/console/forgot-password');
      const res = await visitor.post(
        '/console/forgot-password',
        { email: 'a\u0000@agency.example' },
        from(),
      );
      expect(res.status).toBe(422);
      expect(res.text).toContain('Give the email address you sign in with');
    });
  });

  describe('change password', () => {
    it('needs the current password, keeps this session, ends the others and says so by email', async () => {
      const person = await seedUser(t.db, accountId, {
        email: 'changer@agency.example',
        name: 'Cha Changer',
      });
      const here = await signedIn(person.email);
      const there = await signedIn(person.email);
      const page = await here.get('/console/account');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Your account');

      const wrong = await here.post('/console/account/password', {
        current_password: 'not the password at all',
        password: 'a brand new passphrase',
        confirm: 'a brand new passphrase',
      });
      expect(wrong.status).toBe(422);
      expect(wrong.text).toContain('The current password is not right.');
      const differ = await here.post('/console/account/password', {
        current_password: PASSWORD,
        password: 'a brand new passphrase',
        confirm: 'another new passphrase',
      });
      expect(differ.status).toBe(422);
      expect(differ.text).toContain('The two new passwords differ.');
      const context = await here.post('/console/account/password', {
        current_password: PASSWORD,
        password: 'changer and friends 2026',
        confirm: 'changer and friends 2026',
      });
      expect(context.status).toBe(422);
      expect(context.text).toContain('must not contain &quot;changer&quot;');
      expect(await isSignedIn(there)).toBe(true);

      const changed = await here.post('/console/account/password', {
        current_password: PASSWORD,
        password: 'a brand new passphrase',
        confirm: 'a brand new passphrase',
      });
      expect(changed.status).toBe(303);
      expect(changed.headers.location).toBe('/console/account');
      expect((await here.get('/console/account')).text).toContain('Your password is changed.');
      // Reloading the page after the redirect repeats nothing.
      expect((await here.get('/console/account')).text).not.toContain('Your password is changed.');
      expect(await isSignedIn(here)).toBe(true);
      expect(await isSignedIn(there)).toBe(false);
      await signedIn(person.email, 'a brand new passphrase');
      const mail = await sink.next(person.email, /password was changed/);
      expect(mail.text).toContain('Hello Cha Changer,');

      // The account's activity log shows the message: recipient, subject, status — no body.
      const shown = `to ${person.email}: “Your content-api password was changed”`;
      let activity = '';
      for (let waited = 0; waited < 10_000 && !activity.includes(shown); waited += 500) {
        await t.app.get(LearningLogWriter).flush();
        activity = (await here.get('/console/activity?channel=email')).text;
        if (!activity.includes(shown)) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(activity).toContain(shown);
      expect(activity).toContain('passwordChanged');
    });
  });

  describe('profile', () => {
    it('saves the display name and time zone, shows times in it, and refuses an unknown zone', async () => {
      const person = await seedUser(t.db, accountId, {
        email: 'zone@agency.example',
        name: 'Zed Zone',
      });
      const client = await signedIn(person.email);
      await client.get('/console/account');
      const saved = await client.post('/console/account/profile', {
        name: 'Zoë Zone',
        time_zone: 'Asia/Tokyo',
      });
      expect(saved.status).toBe(303);
      const page = await client.get('/console/account');
      expect(page.text).toContain('Your profile is saved.');
      expect(page.text).toContain('<option value="Asia/Tokyo" selected="">');
      expect(page.text).toContain('Zoë Zone');
      // The people page shows this person's last sign-in in Tokyo time (GMT+9).
      const people = await client.get('/console/people');
      expect(people.text).toMatch(/\d\d:\d\d GMT\+9/);

      const bad = await client.post('/console/account/profile', {
        name: 'Zed',
        time_zone: 'Mars/Olympus',
      });
      expect(bad.status).toBe(422);
      expect(bad.text).toContain('Choose a time zone from the list.');
      expect(
        await t.db.query(`SELECT name, time_zone FROM users WHERE id = $1`, [person.userId]),
      ).toEqual([{ name: 'Zoë Zone', time_zone: 'Asia/Tokyo' }]);
    });
  });

  describe('email change', () => {
    it('sends a link to the new address, changes it when followed, once, and tells the old one', async () => {
      const person = await seedUser(t.db, accountId, {
        email: 'old@agency.example',
        name: 'Ed Email',
      });
      await seedUser(t.db, accountId, { email: 'taken@agency.example' });
      const client = await signedIn(person.email);
      await client.get('/console/account');
      const wrong = await client.post('/console/account/email', {
        email: 'new@agency.example',
        current_password: 'not my password at all',
      });
      expect(wrong.status).toBe(422);
      expect(wrong.text).toContain('The current password is not right.');
      const taken = await client.post('/console/account/email', {
        email: 'Taken@agency.example',
        current_password: PASSWORD,
      });
      expect(taken.status).toBe(422);
      expect(taken.text).toContain('Another user already signs in with this email.');

      const asked = await client.post('/console/account/email', {
        email: 'new@agency.example',
        current_password: PASSWORD,
      });
      expect(asked.status).toBe(303);
      expect((await client.get('/console/account')).text).toContain(
        'We sent a link to new@agency.example',
      );
      const mail = await sink.next('new@agency.example', /Confirm your new/);
      const link = linkIn(mail, `${ORIGIN}/console/confirm-email?token=`);
      // Nothing changed yet.
      await signedIn('old@agency.example');

      const stranger = browser();
      const confirmPage = await stranger.get(link.slice(ORIGIN.length));
      expect(confirmPage.status).toBe(200);
      expect(confirmPage.text).toContain('new@agency.example');
      const confirmed = await stranger.post('/console/confirm-email', {
        token: new URL(link).searchParams.get('token')!,
      });
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.location).toBe('/console/sign-in');
      expect((await browser().signIn('old@agency.example', PASSWORD)).status).toBe(401);
      await signedIn('new@agency.example');
      const told = await sink.next('old@agency.example', /email address was changed/);
      expect(told.text).toContain('You now sign in to content-api as new@agency.example');

      const again = await stranger.post('/console/confirm-email', {
        token: new URL(link).searchParams.get('token')!,
      });
      expect(again.status).toBe(404);
      expect((await browser().get(link.slice(ORIGIN.length))).status).toBe(404);
    });
  });

  describe('invitations', () => {
    it('emails a 7-day link; Resend replaces it, Revoke ends it, and following one makes a person', async () => {
      const owner = await seedUser(t.db, accountId, {
        email: 'boss@agency.example',
        name: 'Bo Boss',
      });
      const client = await signedIn(owner.email);
      await client.get('/console/people');
      const invited = await client.post('/console/people', {
        email: 'guest@agency.example',
        name: 'Gus Guest',
        role: 'member',
      });
      expect(invited.status).toBe(303);
      expect(invited.headers.location).toBe('/console/people');
      const people = await client.get('/console/people');
      expect(people.text).toContain('Invitation sent to guest@agency.example');
      expect(people.text).toContain('Pending invitations');
      const first = await sink.next('guest@agency.example', /Bo Boss invites you to Acme Agency/);
      const firstLink = linkIn(first, `${ORIGIN}/console/set-password?token=`);
      expect(first.text).toContain('for 7 days');

      const [{ id }] = await t.db.query<Array<{ id: number }>>(
        `SELECT id FROM users WHERE email = 'guest@agency.example'`,
      );
      expect((await client.post(`/console/people/invitations/${id}/resend`, {})).status).toBe(303);
      const second = await sink.next('guest@agency.example', /invites you/);
      const secondLink = linkIn(second, `${ORIGIN}/console/set-password?token=`);
      expect(secondLink).not.toBe(firstLink);
      expect((await browser().get(firstLink.slice(ORIGIN.length))).status).toBe(404);

      const guest = browser();
      const welcome = await guest.get(secondLink.slice(ORIGIN.length));
      expect(welcome.text).toContain('Welcome: choose your password');
      expect(
        (
          await guest.post('/console/set-password', {
            token: new URL(secondLink).searchParams.get('token')!,
            password: 'a passphrase of my own',
            confirm: 'a passphrase of my own',
          })
        ).status,
      ).toBe(303);
      await signedIn('guest@agency.example', 'a passphrase of my own');
      expect((await client.get('/console/people')).text).not.toContain('Pending invitations');
      // Accepted: no longer an invitation to revoke.
      expect((await client.post(`/console/people/invitations/${id}/revoke`, {})).status).toBe(404);

      await client.post('/console/people', {
        email: 'maybe@agency.example',
        name: '',
        role: 'member',
      });
      const maybe = await sink.next('maybe@agency.example', /invites you/);
      const [{ id: maybeId }] = await t.db.query<Array<{ id: number }>>(
        `SELECT id FROM users WHERE email = 'maybe@agency.example'`,
      );
      const revoked = await client.post(`/console/people/invitations/${maybeId}/revoke`, {});
      expect(revoked.status).toBe(303);
      expect((await client.get('/console/people')).text).toContain(
        'The invitation to maybe@agency.example is revoked',
      );
      expect((await browser().get(linkIn(maybe, `${ORIGIN}/`).slice(ORIGIN.length))).status).toBe(
        404,
      );
      expect(await t.db.query(`SELECT id FROM users WHERE email = 'maybe@agency.example'`)).toEqual(
        [],
      );
    });

    it('lets only owners resend or revoke, and answers another account’s invitation like a missing one', async () => {
      const owner = await seedUser(t.db, accountId, { email: 'chief@agency.example' });
      const member = await seedUser(t.db, accountId, {
        email: 'helper@agency.example',
        role: 'member',
      });
      const other = await seedAccount(t.db, { name: 'Other Agency' });
      const otherOwner = await seedUser(t.db, other.accountId, { email: 'rival@other.example' });
      const rival = await signedIn(otherOwner.email);
      await rival.get('/console/people');
      await rival.post('/console/people', {
        email: 'theirs@other.example',
        name: '',
        role: 'member',
      });
      await sink.next('theirs@other.example', /invites you/);
      const [{ id: theirs }] = await t.db.query<Array<{ id: number }>>(
        `SELECT id FROM users WHERE email = 'theirs@other.example'`,
      );

      const chief = await signedIn(owner.email);
      await chief.get('/console/people');
      for (const action of ['resend', 'revoke']) {
        const res = await chief.post(`/console/people/invitations/${theirs}/${action}`, {});
        const missing = await chief.post(`/console/people/invitations/2147483647/${action}`, {});
        expect([action, res.status, missing.status]).toEqual([action, 404, 404]);
      }
      const helper = await signedIn(member.email);
      await helper.get('/console/people');
      expect((await helper.get('/console/people')).text).not.toContain('Pending invitations');
      expect((await helper.post(`/console/people/invitations/${theirs}/revoke`, {})).status).toBe(
        403,
      );
      expect(await t.db.query(`SELECT id FROM users WHERE id = $1`, [theirs])).toEqual([
        { id: theirs },
      ]);
    });
  });
});
