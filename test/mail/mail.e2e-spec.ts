import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { createApp } from '../../src/create-app.js';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { Mailer, passwordResetMail } from '../../src/mail/index.js';
import { seedAccount, seedUser } from '../support/fixtures.js';
import { linkIn, SmtpSink } from '../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, databaseEnv } from '../support/test-database.js';

interface LoggedMail {
  channel: string;
  operation: string;
  status: number;
  error: string | null;
  mail_to: string;
  mail_subject: string;
  account_id: number;
  user_id: number;
}

/** The activity log's rows for messages to `to`, once there are `count` (the worker records after the server answered). */
async function loggedMail(
  db: DataSource,
  app: TestApp['app'],
  to: string,
  count: number,
): Promise<LoggedMail[]> {
  for (let waited = 0; ; waited += 200) {
    await app.get(LearningLogWriter).flush();
    const rows = await db.query<LoggedMail[]>(
      `SELECT * FROM learning_log WHERE channel = 'email' AND mail_to = $1 ORDER BY occurred_at, id`,
      [to],
    );
    if (rows.length >= count || waited > 10_000) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A loopback port nothing listens on: a mail server that is down. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Email through the queue to a real SMTP server in this process: what
 * arrives, what the activity log keeps (never the link), retries while the
 * server refuses, and a message that outlives the process that queued it.
 */
describe('Mail', () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Acme Console <console@acme.example>',
    });
  });

  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('delivers a message in plain text and HTML with the person’s name, and logs it without its link', async () => {
    const account = await seedAccount(t.db, { name: 'Acme Agency' });
    const person = await seedUser(t.db, account.accountId, { name: 'Rita Reader' });
    const url = 'http://api.test/console/reset-password?token=secret-token-123';
    await t.app.get(Mailer).send({
      to: { address: person.email, name: 'Rita Reader' },
      accountId: account.accountId,
      userId: person.userId,
      content: passwordResetMail({
        to: { address: person.email, name: 'Rita Reader' },
        accountName: 'Acme Agency',
        url,
      }),
    });

    const mail = await sink.next(person.email);
    expect(mail.parsed.from?.value).toEqual([
      { address: 'console@acme.example', name: 'Acme Console' },
    ]);
    expect(mail.parsed.to).toMatchObject({
      value: [{ address: person.email, name: 'Rita Reader' }],
    });
    expect(mail.subject).toBe('Choose a new content-api password');
    expect(mail.text).toContain('Hello Rita Reader,');
    expect(mail.text).toContain('for Acme Agency');
    expect(linkIn(mail, 'http://api.test/')).toBe(url);
    expect(mail.html).toContain(`href="${url}"`);
    // No tracking: no image, and the only link is the one the person follows.
    expect(mail.html).not.toMatch(/<img/i);
    expect([...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual([url]);
    expect(mail.parsed.headers.get('auto-submitted')).toBe('auto-generated');

    const logged = await loggedMail(t.db, t.app, person.email, 1);
    expect(logged).toMatchObject([
      {
        channel: 'email',
        operation: 'passwordReset',
        status: 200,
        error: null,
        mail_subject: 'Choose a new content-api password',
        account_id: account.accountId,
        user_id: person.userId,
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain('secret-token-123');
  });

  it('retries a message the server refuses, and logs the refusal and the delivery', async () => {
    const account = await seedAccount(t.db);
    const person = await seedUser(t.db, account.accountId, { name: null });
    sink.refuseNext(1);
    await t.app.get(Mailer).send({
      to: { address: person.email, name: null },
      accountId: account.accountId,
      userId: person.userId,
      content: passwordResetMail({
        to: { address: person.email, name: null },
        accountName: null,
        url: 'http://api.test/x',
      }),
    });
    const mail = await sink.next(person.email, undefined, 40_000);
    expect(mail.text).toContain(`Hello ${person.email},`);
    const logged = await loggedMail(t.db, t.app, person.email, 2);
    expect(logged.map((row) => [row.status, row.error])).toEqual([
      [503, 'mail_deferred'],
      [200, null],
    ]);
  }, 60_000);

  it('sends after a restart what a process queued while the mail server was down', async () => {
    const database = await createTestDatabase();
    const configFor = (smtpUrl: string) =>
      loadConfig({
        ...databaseEnv(database.url),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'content-api-data-')),
        LOG_LEVEL: 'silent',
        MIGRATE_ON_START: 'false',
        SEED_DEMO: 'false',
        PUBLIC_BASE_URL: 'http://api.test',
        SMTP_URL: smtpUrl,
      });
    const first = await createApp(configFor(`smtp://127.0.0.1:${await deadPort()}`));
    const db = first.app.get(DataSource);
    const account = await seedAccount(db);
    const address = 'restart@agency.example';
    await first.app.get(Mailer).send({
      to: { address, name: null },
      accountId: account.accountId,
      userId: null,
      content: passwordResetMail({
        to: { address, name: null },
        accountName: null,
        url: 'http://api.test/y',
      }),
    });
    // The first attempt finds no server; then this process stops.
    for (let waited = 0; waited < 20_000; waited += 250) {
      const [row] = await db.query<Array<{ retries: number }>>(
        `SELECT count(*)::int AS retries FROM pgboss.job WHERE name = 'mail-outgoing' AND retry_count > 0`,
      );
      if (row.retries > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await first.close();

    const second = await createApp(configFor(sink.url));
    try {
      const mail = await sink.next(address, undefined, 40_000);
      expect(mail.subject).toBe('Choose a new content-api password');
    } finally {
      await second.close();
      await database.drop();
    }
  }, 90_000);
});
