import request from 'supertest';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { runCli } from '../../src/cli/main.js';
import { ConsoleClient } from '../support/console-client.js';
import { seedAccount, seedUser, SeededAccount, SeededUser } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const ORIGIN = 'http://api.test';

describe('console sign-in, sessions and their defences', () => {
  let t: TestApp;
  let account: SeededAccount;
  let user: SeededUser;

  const browser = () => new ConsoleClient(t.http, ORIGIN);

  async function signedIn(who: SeededUser = user): Promise<ConsoleClient> {
    const client = browser();
    const res = await client.signIn(who.email, who.password);
    expect(res.status).toBe(303);
    return client;
  }

  async function consoleLog(accountId: number) {
    await t.app.get(LearningLogWriter).flush();
    return t.db.query(
      `SELECT operation, status, user_id, account_id, error, method, path FROM learning_log
        WHERE channel = 'console' AND account_id = $1 ORDER BY occurred_at, id`,
      [accountId],
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    account = await seedAccount(t.db, { name: 'Acme Agency' });
    user = await seedUser(t.db, account.accountId, {
      email: 'Owner@Acme.example',
      name: 'Olga Owner',
    });
  });
  afterAll(() => t.close());

  describe('the sign-in page', () => {
    it('is a form with email, password and a Sign in button, and a CSRF token', async () => {
      const res = await browser().get('/console/sign-in');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toMatch(/<input[^>]+name="email"/);
      expect(res.text).toMatch(/<input[^>]+name="password"[^>]+type="password"/);
      expect(res.text).toMatch(/<button type="submit" class="primary">Sign in<\/button>/);
      expect(res.text).toMatch(/name="_csrf" value="[0-9a-f]{64}"/);
      expect(res.text).toContain('<label for="email">Email</label>');
    });

    it('stores no session for anonymous visitors: 100 visits add no row', async () => {
      const count = async () =>
        (await t.db.query(`SELECT count(*)::int AS n FROM console_sessions`))[0].n as number;
      const before = await count();
      for (let i = 0; i < 100; i++) {
        const res = await request(t.http).get(
          i % 2 === 0 ? '/console/sign-in' : '/console/sign-in?return_to=%2Fconsole%2Factivity',
        );
        expect(res.status).toBe(200);
        const cookies = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
        expect(cookies.filter((line) => line.includes('content_api_session='))).toEqual([]);
      }
      expect(await count()).toBe(before);
      // A refused attempt has nothing to keep either.
      expect((await browser().signIn(user.email, 'not the password at all')).status).toBe(401);
      expect(await count()).toBe(before);
    });

    it('is where every console page sends someone who is not signed in, to come back after', async () => {
      const res = await request(t.http).get('/console/connection');
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/console/sign-in?return_to=%2Fconsole%2Fconnection');
      expect((await request(t.http).get('/console')).headers.location).toBe('/console/sign-in');
    });
  });

  describe('signing in', () => {
    it('sets an HttpOnly, SameSite=Lax session cookie and goes to the page asked for', async () => {
      const client = browser();
      const res = await client.signIn(user.email, user.password, '/console/activity?channel=api');
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/console/activity?channel=api');
      const cookie = (res.headers['set-cookie'] as unknown as string[]).join('\n');
      expect(cookie).toMatch(
        /^content_api_session=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/m,
      );
      expect(cookie).not.toMatch(/Secure/);
      const page = await client.get('/console/activity?channel=api');
      expect(page.status).toBe(200);
      expect(page.text).toContain('Olga Owner');
    });

    it('matches the email in any letter case', async () => {
      const res = await browser().signIn('owner@ACME.example', user.password);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/console');
    });

    // The last six become `//evil.example` once their dot segments are removed, as a browser removes them.
    const elsewhere = [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/console/..//evil.example',
      '/x/%2e%2e//evil.example',
      '/console/../..//evil.example',
    ];

    it.each(elsewhere)(
      'never sends anyone off this server after signing in: %s',
      async (returnTo) => {
        const res = await browser().signIn(user.email, user.password, returnTo);
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/console');
      },
    );

    it.each(elsewhere)(
      'never sends someone already signed in off this server either: %s',
      async (returnTo) => {
        const client = await signedIn();
        const res = await client.get(`/console/sign-in?return_to=${encodeURIComponent(returnTo)}`);
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/console');
      },
    );

    it('refuses a wrong password and an unknown email with the same page, saying neither which', async () => {
      const wrong = await browser().signIn(user.email, 'not the password at all');
      const unknown = await browser().signIn('nobody@acme.example', 'not the password at all');
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.text).toContain('That email and password do not match an active user.');
      }
      const strip = (html: string) =>
        html.replace(/value="[0-9a-f]{64}"/g, '').replace(/value="[^"]*@acme\.example"/gi, '');
      expect(strip(wrong.text)).toBe(strip(unknown.text));
    });

    it('refuses a disabled user, with the same message', async () => {
      const disabled = await seedUser(t.db, account.accountId, { status: 'disabled' });
      const res = await browser().signIn(disabled.email, disabled.password);
      expect(res.status).toBe(401);
      expect(res.text).toContain('That email and password do not match an active user.');
    });

    it('starts a new session: a session id from before signing in is worthless after', async () => {
      const client = await signedIn();
      // Signing out leaves an anonymous session behind (it keeps the "signed out" notice).
      await client.post('/console/sign-out', {});
      const before = client.sessionCookie;
      expect(before).toBeDefined();
      await client.get('/console/sign-in');
      await client.post('/console/sign-in', { email: user.email, password: user.password });
      expect(client.sessionCookie).not.toBe(before);
      const stale = await request(t.http).get('/console').set('Cookie', before!);
      expect(stale.status).toBe(303);
    });
  });

  describe('control characters', () => {
    it('refuses them in the email or password with the sign-in form’s own message, counting nothing', async () => {
      const failures = await t.db.query('SELECT count(*)::int AS n FROM sign_in_failures');
      for (const [email, password] of [
        ['owner\u0000@acme.example', user.password],
        ['owner@acme\u0000.example', 'whatever it is'],
        ['own\ter@acme.example', user.password],
        [user.email, `${user.password}\u0000`],
        [user.email, `line\nbreak password`],
      ]) {
        const res = await browser().signIn(email, password);
        expect([JSON.stringify(email), res.status]).toEqual([JSON.stringify(email), 422]);
        expect(res.text).toContain('Not signed in');
        expect(res.text).toContain('control character');
        expect(res.text).toMatch(/<input[^>]+name="email"/);
        expect(res.text).not.toContain('\u0000');
      }
      expect(await t.db.query('SELECT count(*)::int AS n FROM sign_in_failures')).toEqual(failures);
    });

    it('refuses them in a new password with the set-password form’s own message', async () => {
      const io = cliIo(t.databaseUrl);
      await runCli(
        [
          'users',
          'create',
          '--account',
          String(account.accountId),
          '--email',
          'nul@acme.example',
          '--json',
        ],
        io,
      );
      const token = new URL(
        (JSON.parse(io.out()) as { set_password_url: string }).set_password_url,
      ).searchParams.get('token')!;
      const client = browser();
      await client.get(`/console/set-password?token=${token}`);
      for (const password of ['a long\u0000enough password', 'a long enough\tpassword']) {
        const res = await client.post('/console/set-password', {
          token,
          password,
          confirm: password,
        });
        expect(res.status).toBe(422);
        expect(res.text).toContain('Password not set');
        expect(res.text).toContain('control characters');
      }
      expect(
        await t.db.query(`SELECT password_hash FROM users WHERE email = 'nul@acme.example'`),
      ).toEqual([{ password_hash: null }]);
      expect((await client.get(`/console/set-password?token=${token}`)).status).toBe(200);
    });
  });

  describe('the slow-down', () => {
    it('answers 429 to every attempt after 5 failures for an email within 15 minutes, whatever the password', async () => {
      const victim = await seedUser(t.db, account.accountId, { email: 'victim@acme.example' });
      for (let i = 0; i < 5; i++) {
        expect((await browser().signIn(victim.email, `wrong password ${i}`)).status).toBe(401);
      }
      const refused = await browser().signIn('VICTIM@acme.example', victim.password);
      expect(refused.status).toBe(429);
      expect(refused.text).toContain('Too many failed sign-ins');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // Other emails are not held up.
      expect((await browser().signIn(user.email, user.password)).status).toBe(303);
      // The window is 15 minutes: once the failures are older, the right password works.
      await t.db.query(
        `UPDATE sign_in_failures SET failed_at = failed_at - interval '15 minutes' WHERE email = $1`,
        ['victim@acme.example'],
      );
      expect((await browser().signIn(victim.email, victim.password)).status).toBe(303);
    });

    it('forgives earlier failures once the right password is given', async () => {
      const forgetful = await seedUser(t.db, account.accountId);
      for (let i = 0; i < 4; i++) await browser().signIn(forgetful.email, `typo ${i}`);
      expect((await browser().signIn(forgetful.email, forgetful.password)).status).toBe(303);
      for (let i = 0; i < 4; i++) await browser().signIn(forgetful.email, `typo again ${i}`);
      expect((await browser().signIn(forgetful.email, forgetful.password)).status).toBe(303);
    });
  });

  describe('headers of console pages', () => {
    it('forbid framing, inline script and caching', async () => {
      const client = await signedIn();
      for (const path of ['/console', '/console/sign-in', '/console/no-such-page']) {
        const res = await client.get(path);
        const csp = res.headers['content-security-policy'];
        expect(csp).toContain("default-src 'none'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("form-action 'self'");
        expect(csp).not.toContain('unsafe-inline');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it('answers unknown console addresses with the console’s own 404 page', async () => {
      const res = await (await signedIn()).get('/console/nowhere/at/all');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('Page not found');
    });

    it('serve the stylesheet and script from the app itself, cacheable by version', async () => {
      const page = await browser().get('/console/sign-in');
      const [css] = /\/console\/assets\/console\.css\?v=[0-9a-f]+/.exec(page.text)!;
      const res = await request(t.http).get(css);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await request(t.http).get('/console/assets/nope.js')).status).toBe(404);
    });
  });

  describe('CSRF', () => {
    it('refuses a POST without the session’s token, changing nothing', async () => {
      const client = await signedIn();
      const keys = await t.db.query('SELECT count(*)::int AS n FROM api_keys');
      const res = await client.post('/console/connection/keys', {
        _csrf: 'f'.repeat(64),
        name: 'Forged',
        scopes: ['read'],
      });
      expect(res.status).toBe(403);
      expect(res.text).toContain('This form could not be accepted');
      const missing = await request(t.http)
        .post('/console/connection/keys')
        .set('Cookie', client.sessionCookie!)
        .set('Origin', ORIGIN)
        .type('form')
        .send('name=Forged&scopes=read');
      expect(missing.status).toBe(403);
      expect(await t.db.query('SELECT count(*)::int AS n FROM api_keys')).toEqual(keys);
    });

    it('refuses a POST from another origin even with the token', async () => {
      const client = await signedIn();
      await client.get('/console/connection');
      const res = await client.post(
        '/console/connection/keys',
        { name: 'Cross-site', scopes: ['read'] },
        { Origin: 'https://evil.example' },
      );
      expect(res.status).toBe(403);
      const viaReferer = await client.post(
        '/console/connection/keys',
        { name: 'Cross-site', scopes: ['read'] },
        { Referer: 'https://evil.example/page' },
      );
      expect(viaReferer.status).toBe(403);
      expect(await t.db.query(`SELECT 1 FROM api_keys WHERE name = 'Cross-site'`)).toEqual([]);
    });

    it('ties the sign-in form’s token to the browser it was shown to', async () => {
      const shown = browser();
      await shown.get('/console/sign-in');
      const other = browser();
      await other.get('/console/sign-in');
      const fields = { _csrf: shown.csrf!, email: user.email, password: user.password };
      expect((await other.post('/console/sign-in', fields)).status).toBe(403);
      const withoutCookie = await request(t.http)
        .post('/console/sign-in')
        .set('Origin', ORIGIN)
        .type('form')
        .send(fields);
      expect(withoutCookie.status).toBe(403);
      expect((await shown.post('/console/sign-in', fields)).status).toBe(303);
    });

    it('names the console’s own address to a form from its page opened at another address', async () => {
      const page = await request(t.http)
        .get('/console/sign-in')
        .set('Host', 'content.internal:3000');
      const res = await request(t.http)
        .post('/console/sign-in')
        .set('Host', 'content.internal:3000')
        .set('Origin', 'http://content.internal:3000')
        .set('Cookie', (page.headers['set-cookie'] as unknown as string[])[0].split(';')[0])
        .type('form')
        .send({
          _csrf: /name="_csrf" value="([^"]+)"/.exec(page.text)![1],
          email: user.email,
          password: user.password,
        });
      expect(res.status).toBe(403);
      expect(res.text).toContain('Open the console at its own address');
      expect(res.text).toContain('This page was opened at http://content.internal:3000');
      expect(res.text).toContain(`<a class="button primary" href="${ORIGIN}/console">`);
    });

    it('protects the sign-in form too (no signing someone in behind their back)', async () => {
      const res = await request(t.http)
        .post('/console/sign-in')
        .set('Origin', ORIGIN)
        .type('form')
        .send({ email: user.email, password: user.password });
      expect(res.status).toBe(403);
    });
  });

  describe('the end of a session', () => {
    it('signing out ends it: the old cookie no longer opens anything', async () => {
      const client = await signedIn();
      const cookie = client.sessionCookie!;
      await client.get('/console');
      const out = await client.post('/console/sign-out', {});
      expect(out.status).toBe(303);
      expect(out.headers.location).toBe('/console/sign-in');
      expect((await client.get('/console/sign-in')).text).toContain('You are signed out.');
      expect((await request(t.http).get('/console').set('Cookie', cookie)).status).toBe(303);
      expect((await client.get('/console')).status).toBe(303);
    });

    it('disabling the user ends their sessions at their next request', async () => {
      const person = await seedUser(t.db, account.accountId);
      const client = await signedIn(person);
      expect((await client.get('/console')).status).toBe(200);
      await runCli(['users', 'disable', String(person.userId)], cliIo(t.databaseUrl));
      expect((await client.get('/console')).status).toBe(303);
    });

    it('a password reset ends the sessions and the old password', async () => {
      const person = await seedUser(t.db, account.accountId);
      const client = await signedIn(person);
      await runCli(['users', 'reset-password', String(person.userId)], cliIo(t.databaseUrl));
      expect((await client.get('/console')).status).toBe(303);
      expect((await browser().signIn(person.email, person.password)).status).toBe(401);
    });

    it('lasts at most 7 days however active, and 12 hours idle', async () => {
      const client = await signedIn();
      const sid = decodeURIComponent(client.sessionCookie!.split('=')[1]).slice(2).split('.')[0];
      const [row] = await t.db.query(
        `SELECT extract(epoch FROM expire - now())::int AS idle FROM console_sessions WHERE sid = $1`,
        [sid],
      );
      expect(row.idle).toBeGreaterThan(12 * 3600 - 60);
      expect(row.idle).toBeLessThanOrEqual(12 * 3600 + 1);
      await t.db.query(
        `UPDATE console_sessions
            SET sess = jsonb_set(sess::jsonb, '{signedInAt}', to_jsonb((extract(epoch FROM now() - interval '7 days 1 minute') * 1000)::bigint))::json
          WHERE sid = $1`,
        [sid],
      );
      expect((await client.get('/console')).status).toBe(303);
    });
  });

  describe('https deployments', () => {
    it('make the cookie __Host- prefixed and Secure, behind a proxy that says https', async () => {
      const secure = await createTestApp({ PUBLIC_BASE_URL: 'https://content.example.com' });
      try {
        const someone = await seedUser(secure.db, (await seedAccount(secure.db)).accountId);
        const client = new ConsoleClient(secure.http, 'https://content.example.com');
        const page = await request(secure.http)
          .get('/console/sign-in')
          .set('X-Forwarded-Proto', 'https');
        const [formCookie] = page.headers['set-cookie'] as unknown as string[];
        expect(formCookie).toMatch(
          /^__Host-content_api_form=[0-9a-f]{64}; Max-Age=43200; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
        );
        expect(page.text).not.toContain('Open the console over https');
        const signedIn = await request(secure.http)
          .post('/console/sign-in')
          .set('X-Forwarded-Proto', 'https')
          .set('Origin', 'https://content.example.com')
          .set('Cookie', formCookie.split(';')[0])
          .type('form')
          .send({
            _csrf: /name="_csrf" value="([^"]+)"/.exec(page.text)![1],
            email: someone.email,
            password: someone.password,
          });
        expect(signedIn.status).toBe(303);
        const sessionCookie = (signedIn.headers['set-cookie'] as unknown as string[]).find((line) =>
          line.includes('content_api_session='),
        );
        expect(sessionCookie).toMatch(
          /^__Host-content_api_session=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
        );
        const plain = await client.get('/console/sign-in');
        expect(plain.text).toContain('Open the console over https');
        expect(plain.headers['set-cookie']).toBeUndefined();
      } finally {
        await secure.close();
      }
    });
  });

  describe('set-password links', () => {
    it('let a new user choose a password once, then sign in with it', async () => {
      const io = cliIo(t.databaseUrl);
      await runCli(
        [
          'users',
          'create',
          '--account',
          String(account.accountId),
          '--email',
          'new@acme.example',
          '--json',
        ],
        io,
      );
      const created = JSON.parse(io.out()) as { set_password_url: string };
      const url = new URL(created.set_password_url);
      expect(url.origin).toBe(ORIGIN);
      const client = browser();
      const page = await client.get(`${url.pathname}${url.search}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('new@acme.example');
      const token = url.searchParams.get('token')!;

      const short = await client.post('/console/set-password', {
        token,
        password: 'short',
        confirm: 'short',
      });
      expect(short.status).toBe(422);
      expect(short.text).toContain('at least 12 characters');
      const differ = await client.post('/console/set-password', {
        token,
        password: 'a long enough password',
        confirm: 'another long password',
      });
      expect(differ.status).toBe(422);

      const set = await client.post('/console/set-password', {
        token,
        password: 'a long enough password',
        confirm: 'a long enough password',
      });
      expect(set.status).toBe(303);
      expect(set.headers.location).toBe('/console/sign-in');
      expect((await client.get('/console/sign-in')).text).toContain('Your password is set.');
      expect((await browser().signIn('new@acme.example', 'a long enough password')).status).toBe(
        303,
      );

      const again = await browser().get(`${url.pathname}${url.search}`);
      expect(again.status).toBe(404);
      expect(again.text).toContain('This link does not work any more');
    });

    it('expire after 24 hours', async () => {
      const io = cliIo(t.databaseUrl);
      await runCli(
        [
          'users',
          'create',
          '--account',
          String(account.accountId),
          '--email',
          'late@acme.example',
          '--json',
        ],
        io,
      );
      const { set_password_url: link, id } = JSON.parse(io.out()) as {
        set_password_url: string;
        id: number;
      };
      await t.db.query(
        `UPDATE password_links SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [id],
      );
      const url = new URL(link);
      expect((await browser().get(`${url.pathname}${url.search}`)).status).toBe(404);
    });
  });

  it('records sign-ins, failures, refusals and sign-outs in the learning log, channel console', async () => {
    const own = await seedAccount(t.db, { name: 'Logged agency' });
    const person = await seedUser(t.db, own.accountId);
    await browser().signIn(person.email, 'wrong password here');
    const client = await signedIn(person);
    await client.get('/console');
    await client.post('/console/sign-out', {});
    expect(await consoleLog(own.accountId)).toEqual([
      {
        operation: 'signIn',
        status: 401,
        user_id: person.userId,
        account_id: own.accountId,
        error: 'invalid_credentials',
        method: 'POST',
        path: '/console/sign-in',
      },
      {
        operation: 'signIn',
        status: 200,
        user_id: person.userId,
        account_id: own.accountId,
        error: null,
        method: 'POST',
        path: '/console/sign-in',
      },
      {
        operation: 'signOut',
        status: 200,
        user_id: person.userId,
        account_id: own.accountId,
        error: null,
        method: 'POST',
        path: '/console/sign-out',
      },
    ]);
  });
});

function cliIo(databaseUrl: string) {
  let stdout = '';
  return {
    env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', PUBLIC_BASE_URL: ORIGIN },
    stdout: (text: string) => (stdout += text),
    stderr: () => undefined,
    out: () => stdout,
  };
}
