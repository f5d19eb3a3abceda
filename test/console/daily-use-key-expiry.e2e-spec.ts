import { ConsoleClient } from '../support/console-client.js';
import { seedAccount, seedUser, type SeededUser } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORIGIN = 'http://api.test';

/** A page's text as a person reads it: tags dropped, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('a key’s expiry in the console: the last day it works, as the person chose it', () => {
  let t: TestApp;
  let owner: SeededUser;
  let browser: ConsoleClient;
  const nextYear = new Date().getUTCFullYear() + 1;
  const lastDay = `${nextYear}-12-31`;
  const dayAfter = `${nextYear + 1}-01-01`;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    const agency = await seedAccount(t.db, { name: 'Acme Agency' });
    owner = await seedUser(t.db, agency.accountId, { name: 'Olga Owner' });
    browser = new ConsoleClient(t.http, ORIGIN);
    expect((await browser.signIn(owner.email, owner.password)).status).toBe(303);
  });
  afterAll(() => t.close());

  it('says the key works through the day entered, on the created page and in the list', async () => {
    await browser.get('/console/connection');
    const posted = await browser.post('/console/connection/keys', {
      name: 'Year-end script',
      scopes: ['read'],
      expires: lastDay,
    });
    expect(posted.status).toBe(303);

    const created = textOf((await browser.get(posted.headers.location)).text);
    expect(created).toContain(`works through ${lastDay} (UTC)`);
    expect(created).not.toContain(dayAfter);

    const list = await browser.get('/console/connection');
    const row = /<tr id="key-\d+">.*?Year-end script.*?<\/tr>/s.exec(list.text)![0];
    expect(textOf(row)).toContain(lastDay);
    expect(textOf(row)).not.toContain(dayAfter);
    expect(textOf(list.text)).toContain('Works through');

    // The API's instant is unchanged: the key stops at midnight UTC after that day.
    const [stored] = await t.db.query(`SELECT expires_at FROM api_keys WHERE name = $1`, [
      'Year-end script',
    ]);
    expect((stored.expires_at as Date).toISOString()).toBe(`${dayAfter}T00:00:00.000Z`);
  });
});
