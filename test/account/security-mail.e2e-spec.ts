import { KnownBrowsers } from '../../src/console/sign-in/known-browsers.js';
import { ConsoleClient } from '../support/console-client.js';
import { seedAccount, seedUser } from '../support/fixtures.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { appCode, CHROME_UA, FIREFOX_UA, ORIGIN, passwordStep, shownSecret } from './support.js';

describe('security notices by email, read from a real SMTP server', () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Console <console@acme.example>' });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('tells the person about a sign-in from a new browser, not about their first or a known one', async () => {
    const { accountId } = await seedAccount(t.db, { name: 'Acme Agency' });
    const user = await seedUser(t.db, accountId, { email: 'nia@acme.example', name: 'Nia' });
    const laptop = new ConsoleClient(t.http, ORIGIN);
    expect((await passwordStep(laptop, user.email, user.password, CHROME_UA)).status).toBe(303);
    await laptop.post('/console/sign-out', {});
    expect((await passwordStep(laptop, user.email, user.password, CHROME_UA)).status).toBe(303);
    const phone = new ConsoleClient(t.http, ORIGIN);
    expect((await passwordStep(phone, user.email, user.password, FIREFOX_UA)).status).toBe(303);

    const mail = await sink.next(user.email, /New sign-in/);
    expect(mail.subject).toBe('New sign-in to content-api');
    expect(mail.text).toContain('Firefox 133 on Linux');
    expect(mail.text).toMatch(/from (::ffff:)?127\.0\.0\.1/);
    expect(mail.html).toContain('Firefox 133 on Linux');
    // Only the new browser's sign-in was news: nothing else came for the person.
    expect(sink.arrived.filter((arrived) => arrived.envelopeTo.includes(user.email))).toEqual([]);
    const [browsers] = await t.db.query(
      `SELECT count(*)::int AS n FROM known_browsers WHERE user_id = $1`,
      [user.userId],
    );
    expect(browsers.n).toBe(2);
  });

  it('forgets a browser not signed in from for a year, and keeps one signed in from since', async () => {
    const { accountId } = await seedAccount(t.db, { name: 'Gamma Agency' });
    const user = await seedUser(t.db, accountId, { email: 'ida@gamma.example', name: 'Ida' });
    const old = new ConsoleClient(t.http, ORIGIN);
    const recent = new ConsoleClient(t.http, ORIGIN);
    await passwordStep(old, user.email, user.password, CHROME_UA);
    await passwordStep(recent, user.email, user.password, FIREFOX_UA);
    await sink.next(user.email, /New sign-in/); // the second browser was news
    // Both were last seen 13 months ago; then the second signs in again and is seen today.
    await t.db.query(
      `UPDATE known_browsers SET last_seen_at = now() - interval '13 months' WHERE user_id = $1`,
      [user.userId],
    );
    await recent.post('/console/sign-out', {});
    expect((await passwordStep(recent, user.email, user.password, FIREFOX_UA)).status).toBe(303);

    // What the daily job does (scheduled below), done now.
    expect(await t.app.get(KnownBrowsers).forgetUnseen()).toBe(1);

    // The forgotten browser's next sign-in is news again; the kept one's is not.
    await old.post('/console/sign-out', {});
    expect((await passwordStep(old, user.email, user.password, CHROME_UA)).status).toBe(303);
    const mail = await sink.next(user.email, /New sign-in/);
    expect(mail.text).toContain('Chrome');
    await recent.post('/console/sign-out', {});
    await passwordStep(recent, user.email, user.password, FIREFOX_UA);
    expect(sink.arrived.filter((arrived) => arrived.envelopeTo.includes(user.email))).toEqual([]);
  });

  it('forgets them every day, once across replicas: the job console-known-browsers is scheduled', async () => {
    const schedules = await t.db.query(
      `SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'console-known-browsers'`,
    );
    expect(schedules).toEqual([
      { name: 'console-known-browsers', cron: '47 3 * * *', timezone: 'UTC' },
    ]);
  });

  it('tells the person when a second factor is added and removed', async () => {
    const { accountId } = await seedAccount(t.db, { name: 'Beta Agency' });
    const user = await seedUser(t.db, accountId, { email: 'oz@beta.example', name: 'Oz' });
    const client = new ConsoleClient(t.http, ORIGIN);
    await passwordStep(client, user.email, user.password);
    const secret = shownSecret((await client.get('/console/account/security/app')).text);
    await client.post('/console/account/security/app', { code: await appCode(secret) });
    const added = await sink.next(user.email, /added/);
    expect(added.subject).toBe('A second factor was added to your content-api account');
    expect(added.text).toContain('An authenticator app was added to oz@beta.example');

    await client.get('/console/account/security/app/remove');
    expect((await client.post('/console/account/security/app/remove', {})).status).toBe(303);
    const removed = await sink.next(user.email, /removed/);
    expect(removed.subject).toBe('A second factor was removed from your content-api account');
    expect(removed.text).toContain('The authenticator app was removed from oz@beta.example');
  });
});
