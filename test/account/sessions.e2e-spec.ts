import request from 'supertest';
import { ConsoleClient } from '../support/console-client.js';
import { seedAccount, seedUser, type SeededUser } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { ageAuthentication, CHROME_UA, FIREFOX_UA, ORIGIN, passwordStep } from './support.js';

describe('sessions, re-authentication before sensitive changes', () => {
  let t: TestApp;
  let accountId: number;

  const browser = () => new ConsoleClient(t.http, ORIGIN);

  async function signedIn(who: SeededUser, userAgent = CHROME_UA): Promise<ConsoleClient> {
    const client = browser();
    expect((await passwordStep(client, who.email, who.password, userAgent)).status).toBe(303);
    return client;
  }

  async function expiry(client: ConsoleClient): Promise<string> {
    const sid = decodeURIComponent(client.sessionCookie!.split('=')[1]).slice(2).split('.')[0];
    const [row] = await t.db.query(`SELECT expire FROM console_sessions WHERE sid = $1`, [sid]);
    return (row.expire as Date).toISOString();
  }

  beforeAll(async () => {
    t = await createTestApp();
    accountId = (await seedAccount(t.db, { name: 'Acme Agency' })).accountId;
  });
  afterAll(() => t.close());

  describe('the sessions page', () => {
    it('lists each session with browser, system, address and times, this one marked', async () => {
      const user = await seedUser(t.db, accountId, { email: 'eve@acme.example' });
      const chrome = await signedIn(user, CHROME_UA);
      await signedIn(user, FIREFOX_UA);
      const page = await chrome.get('/console/account/sessions');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Chrome 131</strong> on macOS');
      expect(page.text).toContain('Firefox 133</strong> on Linux');
      expect(page.text.match(/This session/g)).toHaveLength(1);
      expect(page.text).toMatch(/data-label="Address"[^>]*>(::ffff:)?127\.0\.0\.1</);
      expect(page.text).toContain('Sign out everywhere else');
      // The session ids never reach the page: only their hashes.
      const sids = await t.db.query<Array<{ sid: string }>>(
        `SELECT sid FROM console_sessions WHERE sess ->> 'userId' = $1`,
        [String(user.userId)],
      );
      for (const { sid } of sids) expect(page.text).not.toContain(sid);
    });

    it('signs out one session, then every other, and keeps this one', async () => {
      const user = await seedUser(t.db, accountId, { email: 'flo@acme.example' });
      const here = await signedIn(user, CHROME_UA);
      const firefox = await signedIn(user, FIREFOX_UA);
      const third = await signedIn(user, FIREFOX_UA);
      const page = await here.get('/console/account/sessions');
      const actions = [
        ...page.text.matchAll(/\/console\/account\/sessions\/([\w-]{22})\/sign-out/g),
      ];
      expect(actions).toHaveLength(2);
      const one = await here.post(`/console/account/sessions/${actions[0][1]}/sign-out`, {});
      expect(one.status).toBe(303);
      expect((await here.get('/console/account/sessions')).text).toContain(
        'That session is signed out.',
      );
      const stillIn = [
        (await firefox.get('/console')).status,
        (await third.get('/console')).status,
      ];
      expect(stillIn.sort()).toEqual([200, 303]);
      // Reloading (posting the same again) repeats nothing.
      const again = await here.post(`/console/account/sessions/${actions[0][1]}/sign-out`, {});
      expect(again.status).toBe(303);
      expect((await here.get('/console/account/sessions')).text).toContain(
        'That session had already ended.',
      );
      expect((await here.post('/console/account/sessions/not-a-session/sign-out', {})).status).toBe(
        303,
      );

      const others = await here.post('/console/account/sessions/sign-out-others', {});
      expect(others.status).toBe(303);
      expect((await firefox.get('/console')).status).toBe(303);
      expect((await third.get('/console')).status).toBe(303);
      const left = await here.get('/console/account/sessions');
      expect(left.status).toBe(200);
      expect(left.text).toContain('Your other sessions are signed out.');
      expect(left.text).not.toContain('Firefox');
    });

    it('cannot end another person’s session by its id', async () => {
      const mallory = await seedUser(t.db, accountId, { email: 'mal@acme.example' });
      const victim = await seedUser(t.db, accountId, { email: 'vic@acme.example' });
      const victimClient = await signedIn(victim);
      await signedIn(victim, FIREFOX_UA);
      const ids = [
        ...(await victimClient.get('/console/account/sessions')).text.matchAll(
          /sessions\/([\w-]{22})\/sign-out/g,
        ),
      ].map((match) => match[1]);
      expect(ids).toHaveLength(1);
      const malloryClient = await signedIn(mallory);
      await malloryClient.get('/console/account/sessions');
      const tried = await malloryClient.post(`/console/account/sessions/${ids[0]}/sign-out`, {});
      expect(tried.status).toBe(303);
      expect((await malloryClient.get('/console/account/sessions')).text).toContain(
        'That session had already ended.',
      );
      expect((await victimClient.get('/console/account/sessions')).text).toContain('Firefox 133');
    });

    it('moves "last seen" at most once a minute: a request does not write the row each time', async () => {
      const user = await seedUser(t.db, accountId, { email: 'gus@acme.example' });
      const client = await signedIn(user);
      await client.get('/console/account/sessions');
      const first = await expiry(client);
      await client.get('/console');
      await client.get('/console/account/sessions');
      expect(await expiry(client)).toBe(first);
      // As if the last request were two minutes ago: the next one moves it on.
      await t.db.query(
        `UPDATE console_sessions SET expire = expire - interval '2 minutes' WHERE sess ->> 'userId' = $1`,
        [String(user.userId)],
      );
      const before = await expiry(client);
      await client.get('/console');
      expect(new Date(await expiry(client)).getTime()).toBeGreaterThan(new Date(before).getTime());
    });
  });

  describe('an owner ending a member’s sessions', () => {
    it('signs the member out everywhere, after a recent sign-in; members cannot', async () => {
      const owner = await seedUser(t.db, accountId, { email: 'olga@acme.example' });
      const member = await seedUser(t.db, accountId, { email: 'max@acme.example', role: 'member' });
      const memberClient = await signedIn(member);
      const memberOther = await signedIn(member, FIREFOX_UA);
      const ownerClient = await signedIn(owner);
      const people = await ownerClient.get('/console/people');
      expect(people.text).toContain(`/console/people/${member.userId}/sign-out`);
      const confirm = await ownerClient.get(`/console/people/${member.userId}/sign-out`);
      expect(confirm.status).toBe(200);
      expect(confirm.text).toContain('Ends their 2 sessions at once.');

      expect((await memberClient.post(`/console/people/${owner.userId}/sign-out`, {})).status).toBe(
        403,
      );
      expect((await ownerClient.get('/console')).status).toBe(200);

      await ageAuthentication(t.db, owner.userId, 11);
      const stale = await ownerClient.post(`/console/people/${member.userId}/sign-out`, {});
      expect(stale.status).toBe(303);
      expect(stale.headers.location).toMatch(/^\/console\/re-authenticate\?return_to=/);
      expect((await memberClient.get('/console')).status).toBe(200);
      await ownerClient.get(stale.headers.location);
      await ownerClient.post('/console/re-authenticate', {
        password: owner.password,
        return_to: `/console/people/${member.userId}/sign-out`,
      });
      await ownerClient.get(`/console/people/${member.userId}/sign-out`);
      const done = await ownerClient.post(`/console/people/${member.userId}/sign-out`, {});
      expect(done.status).toBe(303);
      expect(done.headers.location).toBe('/console/people');
      expect((await memberClient.get('/console')).status).toBe(303);
      expect((await memberOther.get('/console')).status).toBe(303);
      expect((await ownerClient.get('/console/people')).text).toContain(
        'max@acme.example is signed out everywhere.',
      );
      expect((await ownerClient.get('/console/people/99999/sign-out')).status).toBe(404);
    });
  });

  describe('re-authentication', () => {
    it('is asked before a key with write, not before a read-only key, and leads back to the form', async () => {
      const user = await seedUser(t.db, accountId, { email: 'hal@acme.example' });
      const client = await signedIn(user);
      const keys = async () =>
        (
          await t.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1`, [
            accountId,
          ])
        )[0].n as number;
      await client.get('/console/connection');
      await ageAuthentication(t.db, user.userId, 11);
      const before = await keys();
      const read = await client.post('/console/connection/keys', {
        name: 'reader',
        scopes: 'read',
        expires: '',
      });
      expect(read.status).toBe(303);
      expect(read.headers.location).toBe('/console/connection/keys/created');
      expect(await keys()).toBe(before + 1);

      await client.get('/console/connection');
      const write = await client.post(
        '/console/connection/keys',
        { name: 'writer', scopes: ['read', 'write'], expires: '' },
        { Origin: ORIGIN, Referer: `${ORIGIN}/console/connection` },
      );
      expect(write.status).toBe(303);
      expect(write.headers.location).toBe(
        '/console/re-authenticate?return_to=%2Fconsole%2Fconnection',
      );
      expect(await keys()).toBe(before + 1);
      const form = await client.get(write.headers.location);
      expect(form.text).toContain('name="return_to" value="/console/connection"');
      const back = await client.post('/console/re-authenticate', {
        password: user.password,
        return_to: '/console/connection',
      });
      expect(back.headers.location).toBe('/console/connection');
      await client.get('/console/connection');
      const made = await client.post('/console/connection/keys', {
        name: 'writer',
        scopes: ['read', 'write'],
        expires: '',
      });
      expect(made.headers.location).toBe('/console/connection/keys/created');
      expect(await keys()).toBe(before + 2);
    });

    it('gives the session a new id, keeping the person signed in', async () => {
      const user = await seedUser(t.db, accountId, { email: 'kai@acme.example' });
      const client = await signedIn(user);
      await ageAuthentication(t.db, user.userId, 11);
      const asked = await client.get('/console/account/sessions');
      expect(asked.status).toBe(200);
      const others = await client.post(
        '/console/account/sessions/sign-out-others',
        {},
        { Origin: ORIGIN, Referer: `${ORIGIN}/console/account/sessions` },
      );
      expect(others.headers.location).toBe(
        '/console/re-authenticate?return_to=%2Fconsole%2Faccount%2Fsessions',
      );
      const before = client.sessionCookie;
      await client.get(others.headers.location);
      const confirmed = await client.post('/console/re-authenticate', {
        password: user.password,
        return_to: '/console/account/sessions',
      });
      expect(confirmed.headers.location).toBe('/console/account/sessions');
      expect(client.sessionCookie).not.toBe(before);
      const page = await client.get('/console/account/sessions');
      expect(page.status).toBe(200);
      expect((await client.post('/console/account/sessions/sign-out-others', {})).status).toBe(303);
      // The old id is worthless.
      const stale = await request(t.http).get('/console').set('Cookie', before!);
      expect(stale.status).toBe(303);
    });

    it('never sends anyone to another site after confirming', async () => {
      const user = await seedUser(t.db, accountId, { email: 'ida@acme.example' });
      const client = await signedIn(user);
      await client.get('/console/re-authenticate?return_to=https%3A%2F%2Fevil.example%2F');
      const res = await client.post('/console/re-authenticate', {
        password: user.password,
        return_to: 'https://evil.example/',
      });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/console');
    });

    it('is asked before managing people', async () => {
      const owner = await seedUser(t.db, accountId, { email: 'jo@acme.example' });
      const client = await signedIn(owner);
      await client.get('/console/people');
      await ageAuthentication(t.db, owner.userId, 11);
      const add = await client.post(
        '/console/people',
        { email: 'new@acme.example', name: 'New', role: 'member' },
        { Origin: ORIGIN, Referer: `${ORIGIN}/console/people` },
      );
      expect(add.status).toBe(303);
      expect(add.headers.location).toBe('/console/re-authenticate?return_to=%2Fconsole%2Fpeople');
      expect(await t.db.query(`SELECT 1 FROM users WHERE email = 'new@acme.example'`)).toHaveLength(
        0,
      );
    });
  });
});
