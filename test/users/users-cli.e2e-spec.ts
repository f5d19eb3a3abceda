import { runCli } from '../../src/cli/main.js';
import { ConsoleClient } from '../support/console-client.js';
import { seedAccount, SeededAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const ORIGIN = 'http://api.test';
const LINK = expect.stringMatching(/^http:\/\/api\.test\/console\/set-password\?token=[\w-]{43}$/);
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

describe('content-api users', () => {
  let t: TestApp;
  let account: SeededAccount;

  async function cli(argv: string[], stdin?: string) {
    let stdout = '';
    let stderr = '';
    const code = await runCli(argv, {
      env: { DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', PUBLIC_BASE_URL: ORIGIN },
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      stdin: () => Promise.resolve(stdin ?? ''),
    });
    return { code, stdout, stderr };
  }

  beforeAll(async () => {
    t = await createTestApp();
    account = await seedAccount(t.db, { name: 'Acme Agency' });
  });
  afterAll(() => t.close());

  it('creates a user with a one-time set-password link', async () => {
    const { code, stdout, stderr } = await cli([
      'users',
      'create',
      '--account',
      String(account.accountId),
      '--email',
      'Ann@Acme.example',
      '--name',
      'Ann Agency',
      '--role',
      'owner',
      '--json',
    ]);
    expect([code, stderr]).toEqual([0, '']);
    expect(JSON.parse(stdout)).toEqual({
      id: expect.any(Number),
      account_id: account.accountId,
      email: 'Ann@Acme.example',
      name: 'Ann Agency',
      role: 'owner',
      status: 'active',
      set_password_url: LINK,
    });
    const [stored] = await t.db.query(
      `SELECT password_hash, (SELECT token_hash FROM password_links l WHERE l.user_id = u.id) AS token_hash
         FROM users u WHERE email = 'Ann@Acme.example'`,
    );
    expect(stored.password_hash).toBeNull();
    expect(stdout).not.toContain(stored.token_hash);
  });

  it('takes the password from standard input instead, stored only as a scrypt hash', async () => {
    const { code, stdout } = await cli(
      [
        'users',
        'create',
        '--account',
        String(account.accountId),
        '--email',
        'bob@acme.example',
        '--password-stdin',
        '--json',
      ],
      'a password from a pipe\n',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      role: 'member',
      name: null,
      set_password_url: null,
    });
    const [{ password_hash }] = await t.db.query(
      `SELECT password_hash FROM users WHERE email = 'bob@acme.example'`,
    );
    expect(password_hash).toMatch(/^scrypt\$N=65536,r=8,p=2\$[\w-]{22}\$[\w-]{43}$/);
    expect(password_hash).not.toContain('a password from a pipe');
    const browser = new ConsoleClient(t.http, ORIGIN);
    expect((await browser.signIn('bob@acme.example', 'a password from a pipe')).status).toBe(303);
  });

  it('lists the users of an account', async () => {
    const { code, stdout } = await cli([
      'users',
      'list',
      '--account',
      String(account.accountId),
      '--json',
    ]);
    expect(code).toBe(0);
    const list = JSON.parse(stdout);
    expect(list.map((user: { email: string }) => user.email)).toEqual([
      'Ann@Acme.example',
      'bob@acme.example',
    ]);
    expect(list[1]).toEqual({
      id: expect.any(Number),
      email: 'bob@acme.example',
      name: null,
      role: 'member',
      status: 'active',
      created_at: TIMESTAMP,
      last_sign_in_at: TIMESTAMP,
    });
  });

  it('disables and enables a user', async () => {
    const [{ id }] = await t.db.query(`SELECT id FROM users WHERE email = 'bob@acme.example'`);
    const disabled = await cli(['users', 'disable', String(id), '--json']);
    expect(JSON.parse(disabled.stdout)).toMatchObject({
      id,
      status: 'disabled',
      account_id: account.accountId,
    });
    expect(
      (await new ConsoleClient(t.http, ORIGIN).signIn('bob@acme.example', 'a password from a pipe'))
        .status,
    ).toBe(401);
    const enabled = await cli(['users', 'enable', String(id), '--json']);
    expect(JSON.parse(enabled.stdout)).toMatchObject({ id, status: 'active' });
    expect(
      (await new ConsoleClient(t.http, ORIGIN).signIn('bob@acme.example', 'a password from a pipe'))
        .status,
    ).toBe(303);
  });

  it('resets a password: a fresh link, and earlier links stop working', async () => {
    const created = await cli([
      'users',
      'create',
      '--account',
      String(account.accountId),
      '--email',
      'cy@acme.example',
      '--json',
    ]);
    const first = JSON.parse(created.stdout) as { id: number; set_password_url: string };
    const reset = await cli(['users', 'reset-password', String(first.id), '--json']);
    const second = JSON.parse(reset.stdout) as { set_password_url: string };
    expect(second).toMatchObject({ id: first.id, set_password_url: LINK });
    expect(second.set_password_url).not.toBe(first.set_password_url);
    const browser = new ConsoleClient(t.http, ORIGIN);
    const old = new URL(first.set_password_url);
    expect((await browser.get(`${old.pathname}${old.search}`)).status).toBe(404);
    const fresh = new URL(second.set_password_url);
    expect((await browser.get(`${fresh.pathname}${fresh.search}`)).status).toBe(200);
  });

  it('prints the link in words without --json', async () => {
    const { code, stdout } = await cli([
      'users',
      'create',
      '--account',
      String(account.accountId),
      '--email',
      'dee@acme.example',
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^User \d+ <dee@acme\.example> \(member, account \d+\) created\.\n/);
    expect(stdout).toMatch(
      /Send them this one-time link to choose a password \(valid 24 hours\):\nhttp:\/\/api\.test\/console\/set-password\?token=/,
    );
  });

  it.each([
    [['--email', 'ann@ACME.example'], 'Another user already signs in with this email.', ''],
    [['--email', 'not-an-email'], 'The email address is not valid.', ''],
    [['--email', 'short@acme.example', '--password-stdin'], 'at least 12 characters', 'short\n'],
    [['--email', 'empty@acme.example', '--password-stdin'], 'No password on standard input.', ''],
    [['--email', 'x@acme.example', '--role', 'admin'], 'Allowed choices are owner, member', ''],
  ])('refuses %j with a message on stderr, creating nothing', async (args, message, stdin) => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM users');
    const { code, stdout, stderr } = await cli(
      ['users', 'create', '--account', String(account.accountId), ...args, '--json'],
      stdin,
    );
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(await t.db.query('SELECT count(*)::int AS n FROM users')).toEqual(before);
  });

  it.each([
    [
      ['users', 'create', '--account', '2000000000', '--email', 'z@acme.example'],
      'Account 2000000000 does not exist.',
    ],
    [['users', 'list', '--account', '2000000000'], 'Account 2000000000 does not exist.'],
    [['users', 'disable', '2000000000'], 'User 2000000000 does not exist.'],
    [['users', 'reset-password', '2000000000'], 'User 2000000000 does not exist.'],
  ])('names what does not exist: %j', async (argv, message) => {
    const { code, stderr } = await cli([...argv, '--json']);
    expect(code).toBe(1);
    expect(stderr).toBe(`error: ${message}\n`);
  });
});
