import { runCli } from '../../src/cli/main.js';
import { ConsoleClient } from '../support/console-client.js';
import { seedAccount, seedUser, type SeededUser } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { appCode, ORIGIN, passwordStep, shownSecret } from './support.js';

/**
 * The operator's help for a person who lost every factor (ASVS 6.4.4), and
 * ending sessions of one person or of everyone (7.4.5), from the CLI.
 */
describe('content-api users reset-factors and sign-out', () => {
  let t: TestApp;
  let accountId: number;

  const browser = () => new ConsoleClient(t.http, ORIGIN);

  async function cli(argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runCli(argv, {
      env: { DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', PUBLIC_BASE_URL: ORIGIN },
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      stdin: () => Promise.resolve(''),
    });
    return { code, stdout, stderr };
  }

  async function signedIn(who: SeededUser): Promise<ConsoleClient> {
    const client = browser();
    const step = await passwordStep(client, who.email, who.password);
    expect([step.status, step.headers.location]).toEqual([303, '/console']);
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp();
    accountId = (await seedAccount(t.db, { name: 'Acme Agency' })).accountId;
  });
  afterAll(() => t.close());

  it('removes every factor of a person who lost them, ending their sessions; the password alone then signs in', async () => {
    const user = await seedUser(t.db, accountId, { email: 'lost@acme.example' });
    const client = await signedIn(user);
    const setup = await client.get('/console/account/security/app');
    const confirmed = await client.post('/console/account/security/app', {
      code: await appCode(shownSecret(setup.text)),
    });
    expect(confirmed.status).toBe(303);
    // With the app, the password leads to the second step.
    expect((await passwordStep(browser(), user.email, user.password)).headers.location).toBe(
      '/console/sign-in/second-factor',
    );

    const reset = await cli(['users', 'reset-factors', String(user.userId), '--json']);
    expect([reset.code, reset.stderr]).toEqual([0, '']);
    expect(JSON.parse(reset.stdout)).toEqual({
      id: user.userId,
      app_removed: true,
      passkeys_removed: 0,
    });
    const [left] = await t.db.query(
      `SELECT (SELECT count(*) FROM totp_factors WHERE user_id = $1)::int AS app,
              (SELECT count(*) FROM recovery_codes WHERE user_id = $1)::int AS codes,
              (SELECT count(*) FROM passkeys WHERE user_id = $1)::int AS passkeys`,
      [user.userId],
    );
    expect(left).toEqual({ app: 0, codes: 0, passkeys: 0 });
    // The session that had the app is over; the password alone signs in again.
    expect((await client.get('/console')).headers.location).toBe('/console/sign-in');
    await signedIn(user);
  });

  it('ends one person’s sessions, or everyone’s with --all', async () => {
    const ann = await seedUser(t.db, accountId, { email: 'ann@acme.example' });
    const bob = await seedUser(t.db, accountId, { email: 'bob@acme.example' });
    const annSession = await signedIn(ann);
    const bobSession = await signedIn(bob);

    const one = await cli(['users', 'sign-out', String(ann.userId)]);
    expect([one.code, one.stderr]).toEqual([0, '']);
    expect(one.stdout).toContain(`Every session of user ${ann.userId} <ann@acme.example> is over.`);
    expect((await annSession.get('/console')).status).toBe(303);
    expect((await bobSession.get('/console')).status).toBe(200);

    const all = await cli(['users', 'sign-out', '--all', '--json']);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout).users).toBeGreaterThanOrEqual(2);
    expect((await bobSession.get('/console')).status).toBe(303);
  });

  it('refuses neither or both of an id and --all, and an unknown id, changing nothing', async () => {
    const bare = await cli(['users', 'sign-out']);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain('Give a user id or --all (not both).');
    const unknown = await cli(['users', 'reset-factors', '999999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).not.toBe('');
  });
});
