import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import request from 'supertest';
import { runCli } from '../../src/cli/main.js';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { seedAccount } from '../support/fixtures.js';
import { createTestApp, TestApp } from '../support/test-app.js';
import {
  adminQuery,
  assertTestDatabaseName,
  testServer,
  withDatabase,
} from '../support/test-database.js';

const KEY_PATTERN = /^cbr_[0-9A-Za-z]{40}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `content-api …args` in-process with its own environment, capturing what it prints. */
async function cli(args: string[], env: Record<string, string>): Promise<Run> {
  const run: Run = { code: 0, stdout: '', stderr: '' };
  run.code = await runCli(args, {
    env: { LOG_LEVEL: 'silent', ...env },
    stdout: (text) => (run.stdout += text),
    stderr: (text) => (run.stderr += text),
  });
  return run;
}

/** A successful --json run: exit 0, nothing on stderr, exactly one JSON document on stdout. */
function json(run: Run): unknown {
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout);
}

/** A refused run: non-zero exit, nothing on stdout, the reason on stderr. */
function refused(run: Run, reason: string | RegExp): void {
  expect(run.code).not.toBe(0);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(reason);
}

describe('content-api CLI', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let dataDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    dataDir = mkdtempSync(join(tmpdir(), 'content-api-cli-'));
    env = {
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: 'http://api.test',
    };
  });
  afterAll(() => t.close());

  describe('migrate', () => {
    let url: string;
    const name = `content_api_test_cli_${process.pid}`;

    beforeAll(async () => {
      assertTestDatabaseName(name);
      await adminQuery(`CREATE DATABASE ${name}`);
      url = withDatabase(testServer().adminUrl, name);
    });
    afterAll(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

    it('tells to migrate first when the schema is missing', async () => {
      refused(
        await cli(['accounts', 'create', '--name', 'A', '--plan', 'agency', '--json'], {
          DATABASE_URL: url,
        }),
        /^error: the database schema is missing or out of date: run `content-api migrate` first/,
      );
    });

    it('applies every migration once, then none', async () => {
      expect(json(await cli(['migrate', '--json'], { DATABASE_URL: url }))).toEqual({
        applied: [
          ...MIGRATIONS.map((migration) => migration.name),
          expect.stringMatching(/^pg-boss schema \d+$/),
        ],
      });
      expect(json(await cli(['migrate', '--json'], { DATABASE_URL: url }))).toEqual({
        applied: [],
      });
      const text = await cli(['migrate'], { DATABASE_URL: url });
      expect(text).toEqual({
        code: 0,
        stdout: 'The database is up to date; no migration to apply.\n',
        stderr: '',
      });
    });
  });

  describe('accounts', () => {
    it('creates an account and prints it', async () => {
      const account = json(
        await cli(
          ['accounts', 'create', '--name', 'Acme Agency', '--plan', 'agency', '--json'],
          env,
        ),
      ) as { id: number };
      expect(account).toEqual({
        id: expect.any(Number),
        name: 'Acme Agency',
        plan: 'agency',
        status: 'active',
      });
      const [stored] = await t.db.query('SELECT name, plan, status FROM accounts WHERE id = $1', [
        account.id,
      ]);
      expect(stored).toEqual({ name: 'Acme Agency', plan: 'agency', status: 'active' });
    });

    it('prints text without --json', async () => {
      const run = await cli(['accounts', 'create', '--name', 'Plain', '--plan', 'starter'], env);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Account \d+ "Plain" \(starter, active\) is created\.\n$/);
    });

    it('suspends and resumes, printing the account', async () => {
      const { accountId } = await seedAccount(t.db, { name: 'Sleepy' });
      expect(json(await cli(['accounts', 'suspend', String(accountId), '--json'], env))).toEqual({
        id: accountId,
        name: 'Sleepy',
        plan: 'agency',
        status: 'suspended',
      });
      expect(json(await cli(['accounts', 'resume', String(accountId), '--json'], env))).toEqual({
        id: accountId,
        name: 'Sleepy',
        plan: 'agency',
        status: 'active',
      });
    });

    it('names the allowed plans when given another', async () => {
      refused(
        await cli(['accounts', 'create', '--name', 'X', '--plan', 'gold', '--json'], env),
        /argument 'gold' is invalid\. Allowed choices are starter, growth, enterprise, agency\./,
      );
    });

    it.each([
      [['accounts', 'create', '--plan', 'agency'], /required option '--name <name>' not specified/],
      [['accounts', 'suspend', 'abc'], /'abc' is invalid.*positive whole number/],
      [['accounts', 'suspend', '999999', '--json'], /^error: Account 999999 does not exist\.\n$/],
      [['accounts', 'explode'], /unknown command 'explode'/],
    ])('refuses %j with one clear line on stderr', async (args, reason) => {
      const run = await cli(args, env);
      refused(run, reason);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    });
  });

  describe('keys', () => {
    it('creates a key, shown once, with scopes and an expiry at the end of the given day', async () => {
      const { accountId } = await seedAccount(t.db);
      const created = json(
        await cli(
          [
            'keys',
            'create',
            '--account',
            String(accountId),
            '--name',
            'reporting',
            '--scopes',
            'read',
            '--expires',
            '2099-12-31',
            '--json',
          ],
          env,
        ),
      ) as { key: string };
      expect(created).toEqual({
        id: expect.any(Number),
        key: expect.stringMatching(KEY_PATTERN),
        prefix: created.key.slice(0, 8),
        scopes: ['read'],
        expires_at: '2100-01-01T00:00:00Z',
      });
      const res = await request(t.http)
        .get('/api/v1/sites')
        .set('Authorization', `Bearer ${created.key}`);
      expect(res.status).toBe(200);
    });

    it('lists the keys of an account without their secrets', async () => {
      const { accountId, keyId } = await seedAccount(t.db);
      const created = json(
        await cli(['keys', 'create', '--account', String(accountId), '--json'], env),
      ) as { id: number; prefix: string };
      const list = json(
        await cli(['keys', 'list', '--account', String(accountId), '--json'], env),
      ) as Array<Record<string, unknown>>;
      expect(list.map((key) => key.id)).toEqual([keyId, created.id]);
      expect(list[1]).toEqual({
        id: created.id,
        name: null,
        prefix: created.prefix,
        scopes: ['read', 'write'],
        created_at: expect.stringMatching(TIMESTAMP),
        last_used_at: null,
        expires_at: null,
        revoked_at: null,
      });
    });

    it('revokes a key, printing it without the secret, and the API refuses it', async () => {
      const { accountId } = await seedAccount(t.db);
      const created = json(
        await cli(['keys', 'create', '--account', String(accountId), '--json'], env),
      ) as { id: number; key: string; prefix: string };
      const revoked = json(await cli(['keys', 'revoke', String(created.id), '--json'], env));
      expect(revoked).toEqual({
        id: created.id,
        name: null,
        prefix: created.prefix,
        scopes: ['read', 'write'],
        created_at: expect.stringMatching(TIMESTAMP),
        last_used_at: null,
        expires_at: null,
        revoked_at: expect.stringMatching(TIMESTAMP),
      });
      const res = await request(t.http).get('/api/v1/sites').set('X-API-Key', created.key);
      expect(res.status).toBe(401);
    });

    it.each([
      [['--scopes', 'admin'], /Allowed scopes are read, write/],
      [['--expires', '2020-01-01'], /That day is already over/],
      [['--expires', '31/12/2099'], /YYYY-MM-DD/],
    ])('refuses %j', async (extra, reason) => {
      const { accountId } = await seedAccount(t.db);
      refused(await cli(['keys', 'create', '--account', String(accountId), ...extra], env), reason);
    });

    it('refuses to list or create keys of a missing account', async () => {
      refused(
        await cli(['keys', 'list', '--account', '999999', '--json'], env),
        /^error: Account 999999 does not exist\./,
      );
      refused(
        await cli(['keys', 'create', '--account', '999999', '--json'], env),
        /^error: Account 999999 does not exist\./,
      );
    });
  });

  describe('import', () => {
    it('imports a file and prints the counts', async () => {
      const { accountId } = await seedAccount(t.db);
      const file = join(dataDir, 'one.json');
      writeFileSync(
        file,
        JSON.stringify({
          sites: [
            {
              ref: 'one',
              name: 'One',
              articles: [{ ref: 'a', body: '<p>Hi</p>' }],
              backlinks: [
                { ref: 'b1', category: 'local' },
                { ref: 'b2', category: 'industry' },
              ],
            },
          ],
        }),
      );
      expect(
        json(await cli(['import', '--account', String(accountId), file, '--json'], env)),
      ).toEqual({ sites: 1, articles: 1, backlinks: 2 });
    });

    it('lists every problem by JSON path on stderr and imports nothing', async () => {
      const { accountId } = await seedAccount(t.db);
      const file = join(dataDir, 'bad.json');
      writeFileSync(
        file,
        JSON.stringify({
          sites: [{ articles: [{ published_at: 'soon', body: '<p>x</p>' }], backlinks: [{}] }],
        }),
      );
      const run = await cli(['import', '--account', String(accountId), file, '--json'], env);
      refused(run, /^error: The import file has 3 problems; nothing was imported\.\n/);
      expect(run.stderr.split('\n').slice(1, -1).sort()).toEqual([
        '  $.sites[0].articles[0].published_at: must be an RFC 3339 timestamp (e.g. 2026-10-02T09:00:00Z) or null',
        '  $.sites[0].backlinks[0].category: is required: "industry" or "local"',
        '  $.sites[0].name: is required: a non-blank string',
      ]);
      const [{ count }] = await t.db.query(
        'SELECT count(*)::int AS count FROM sites WHERE account_id = $1',
        [accountId],
      );
      expect(count).toBe(0);
    });

    it('says when the file cannot be read', async () => {
      const { accountId } = await seedAccount(t.db);
      refused(
        await cli(['import', '--account', String(accountId), join(dataDir, 'nope.json')], env),
        /^error: Cannot read the import file .*nope\.json: no such file\.\n$/,
      );
    });
  });

  describe('demo', () => {
    it('creates the demo account with realistic data once, and a new working key each time', async () => {
      const first = json(await cli(['demo', '--json'], env)) as {
        account_id: number;
        key: string;
        email: string;
        password: string;
      };
      expect(first).toEqual({
        account_id: expect.any(Number),
        key: expect.stringMatching(KEY_PATTERN),
        email: 'demo@example.com',
        password: expect.stringMatching(/^[0-9A-Za-z]{20}$/),
      });
      const second = json(await cli(['demo', '--json'], env)) as typeof first;
      expect(second.account_id).toBe(first.account_id);
      expect(second.key).not.toBe(first.key);
      // The demo user keeps the password that works; it is an owner of the demo account.
      expect(second.password).toBe(first.password);
      const [user] = await t.db.query(`SELECT account_id, role FROM users WHERE email = $1`, [
        first.email,
      ]);
      expect(user).toEqual({ account_id: first.account_id, role: 'owner' });
      const password = join(dataDir, 'demo-password');
      expect((await readFile(password, 'utf8')).trim()).toBe(first.password);
      expect(statSync(password).mode & 0o777).toBe(0o600);

      const [account] = await t.db.query('SELECT name, plan FROM accounts WHERE id = $1', [
        first.account_id,
      ]);
      expect(account).toEqual({ name: 'Demo Agency', plan: 'agency' });
      const [counts] = await t.db.query(
        `SELECT
           (SELECT count(*)::int FROM sites WHERE account_id = $1) AS sites,
           (SELECT count(*)::int FROM articles a JOIN sites s ON s.id = a.site_id WHERE s.account_id = $1) AS articles,
           (SELECT count(*)::int FROM backlinks b JOIN sites s ON s.id = b.site_id WHERE s.account_id = $1) AS backlinks`,
        [first.account_id],
      );
      expect(counts.sites).toBe(3);
      expect(counts.articles).toBeGreaterThanOrEqual(140);
      expect(counts.articles).toBeLessThanOrEqual(160);
      expect(counts.backlinks).toBeGreaterThanOrEqual(1_900);
      expect(counts.backlinks).toBeLessThanOrEqual(2_100);

      for (const key of [first.key, second.key]) {
        const res = await request(t.http)
          .get('/api/v1/sites')
          .set('Authorization', `Bearer ${key}`);
        expect(res.status).toBe(200);
        expect(res.body.meta.total).toBe(3);
      }
      const saved = join(dataDir, 'demo-api-key');
      expect((await readFile(saved, 'utf8')).trim()).toBe(second.key);
      expect(statSync(saved).mode & 0o777).toBe(0o600);
    });

    it('prints the key with a ready-to-paste curl command without --json', async () => {
      const run = await cli(['demo'], env);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /curl -H "Authorization: Bearer cbr_[0-9A-Za-z]{40}" http:\/\/api\.test\/api\/v1\/sites\n/,
      );
      expect(run.stdout).toMatch(
        /Console: http:\/\/api\.test\/console\n {2}sign in as demo@example\.com with password [0-9A-Za-z]{20}\n$/,
      );
    });
  });

  it('prints help and exits 0', async () => {
    const run = await cli(['--help'], env);
    expect(run.code).toBe(0);
    for (const command of ['migrate', 'accounts', 'keys', 'import', 'demo']) {
      expect(run.stdout).toContain(command);
    }
  });

  const built = existsSync(resolve('dist/src/cli/main.js'));
  (built ? it : it.skip)('runs as the real bin/content-api.js', async () => {
    const { accountId, keyId } = await seedAccount(t.db);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['bin/content-api.js', 'keys', 'list', '--account', String(accountId), '--json'],
      { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } },
    );
    expect((JSON.parse(stdout) as Array<{ id: number }>).map((key) => key.id)).toEqual([keyId]);
    const failure = await promisify(execFile)(
      process.execPath,
      ['bin/content-api.js', 'keys', 'list', '--account', '999999', '--json'],
      { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failure).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'error: Account 999999 does not exist.\n',
    });
  });

  it('bin/content-api.js says to build when dist is missing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'content-api-unbuilt-'));
    const bin = join(folder, 'bin', 'content-api.js');
    await mkdir(join(folder, 'bin'));
    await copyFile('bin/content-api.js', bin);
    const failure = await promisify(execFile)(process.execPath, [bin, 'migrate']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('npm run build') });
  });

  describe('with the embedded database', () => {
    it('works with no server running, and attaches to the cluster a server runs', async () => {
      const embeddedDir = mkdtempSync(join(tmpdir(), 'content-api-cli-embedded-'));
      // Run as root, PostgreSQL runs as the "postgres" user, which must reach the folder.
      chmodSync(embeddedDir, 0o755);
      const embeddedEnv = { DATA_DIR: embeddedDir };

      json(await cli(['migrate', '--json'], embeddedEnv));
      const account = json(
        await cli(
          ['accounts', 'create', '--name', 'Local', '--plan', 'agency', '--json'],
          embeddedEnv,
        ),
      ) as { id: number };
      expect(existsSync(join(embeddedDir, 'postgres', 'postmaster.pid'))).toBe(false);

      const server = await startEmbeddedPostgres(embeddedDir, { debug: () => {}, error: () => {} });
      try {
        const list = json(
          await cli(['keys', 'list', '--account', String(account.id), '--json'], embeddedEnv),
        );
        expect(list).toEqual([]);
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        const { rows } = await client.query('SELECT name FROM accounts');
        await client.end();
        expect(rows).toEqual([{ name: 'Local' }]);
      } finally {
        await server.stop();
      }
    }, 120_000);
  });
});
