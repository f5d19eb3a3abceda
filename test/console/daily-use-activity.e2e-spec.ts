import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { ConsoleClient } from '../support/console-client.js';
import {
  seedAccount,
  seedArticle,
  seedSite,
  seedUser,
  type SeededAccount,
  type SeededUser,
} from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ORIGIN = 'http://api.test';

/** A user agent as long as a real browser's: the list leaves it out, the call's page shows it whole. */
const BROWSER_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ActivityTest/1.0';

/** More calls than one page holds (50), so that the export is seen to hold them all. */
const SITE_LISTINGS = 55;

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&gt;/g, '>')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The rows of the activity table, as text. */
function rowsOf(html: string): string[] {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((row) => textOf(row[1]));
}

/** "12 calls match" */
function totalOf(html: string): number {
  return Number(/([\d,]+) calls? match/.exec(textOf(html))![1].replace(/,/g, ''));
}

describe('the activity log for daily use: search, detail, total, protocol rows, export, chart', () => {
  let t: TestApp;
  let agency: SeededAccount;
  let owner: SeededUser;
  let browser: ConsoleClient;
  let articleId: number;
  let editId: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    agency = await seedAccount(t.db, { name: 'Acme Agency' });
    owner = await seedUser(t.db, agency.accountId, { name: 'Olga Owner' });
    const siteId = await seedSite(t.db, agency.accountId, { name: 'Plumbing' });
    articleId = await seedArticle(t.db, siteId, { title: 'Pipes', body: '<p>Old pipes.</p>' });
    const api = (method: 'get' | 'put', path: string, requestId: string) =>
      (method === 'get' ? request(t.http).get(path) : request(t.http).put(path))
        .set('X-API-Key', agency.key)
        .set('X-Request-Id', requestId)
        .set('User-Agent', BROWSER_AGENT);
    for (let i = 0; i < SITE_LISTINGS; i++) {
      expect((await api('get', '/api/v1/sites', `req-sites-${i}`)).status).toBe(200);
    }
    expect((await api('get', `/api/v1/articles/${articleId}`, 'req-read-article')).status).toBe(
      200,
    );
    const edit = await api('put', `/api/v1/articles/${articleId}`, 'req-edit-article').send({
      title: 'New pipes',
      body: '<p>New pipes.</p>',
    });
    expect(edit.status).toBe(200);
    expect((await api('get', '/api/v1/nowhere', 'req-missing')).status).toBe(404);
    // An assistant's connection upkeep: GET /mcp for real, and the messages an SDK sends first.
    expect((await api('get', '/mcp', 'req-get-mcp')).status).toBe(405);
    await t.app.get(LearningLogWriter).flush();
    for (const operation of ['initialize', 'notifications/initialized', 'tools/list']) {
      await t.db.query(
        `INSERT INTO learning_log (id, occurred_at, account_id, key_id, channel, operation, method, path, status, duration_ms, request_id)
         VALUES ($1, now(), $2, $3, 'mcp', $4, 'POST', '/mcp', 200, 2, $5)`,
        [randomUUID(), agency.accountId, agency.keyId, operation, `req-${operation}`],
      );
    }
    // Another account's calls never show.
    const other = await seedAccount(t.db, { name: 'Other Agency' });
    await request(t.http)
      .get('/api/v1/sites')
      .set('X-API-Key', other.key)
      .set('X-Request-Id', 'req-other-account');
    browser = new ConsoleClient(t.http, ORIGIN);
    expect((await browser.signIn(owner.email, owner.password)).status).toBe(303);
    await t.app.get(LearningLogWriter).flush();
    [{ id: editId }] = await t.db.query(
      `SELECT id FROM learning_log WHERE request_id = 'req-edit-article'`,
    );
  });
  afterAll(() => t.close());

  it('leaves the agent server’s upkeep out unless asked, and counts every matching row', async () => {
    const page = await browser.get('/console/activity');
    expect(page.status).toBe(200);
    // 55 listings, the read, the edit, the 404 and the sign-in; not the 4 protocol messages.
    expect(totalOf(page.text)).toBe(SITE_LISTINGS + 4);
    const protocolRows = /initialize|tools\/list|GET \/mcp/;
    expect(rowsOf(page.text)).toHaveLength(50);
    expect(rowsOf(page.text).filter((row) => protocolRows.test(row))).toEqual([]);
    const older = await browser.get(
      /href="(\/console\/activity\?before=[^"]+)"/.exec(page.text)![1].replace(/&amp;/g, '&'),
    );
    expect(rowsOf(older.text)).toHaveLength(SITE_LISTINGS + 4 - 50);
    expect(rowsOf(older.text).filter((row) => protocolRows.test(row))).toEqual([]);
    // Times to the second; the browser named in a few words (the whole agent is on the call's page).
    expect(rowsOf(page.text)[0]).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(rowsOf(page.text).find((row) => row.includes('listSites'))).toContain(
      'Chrome 131 · macOS',
    );
    expect(textOf(page.text)).not.toContain('ActivityTest/1.0');

    const withUpkeep = await browser.get('/console/activity?protocol=1');
    expect(totalOf(withUpkeep.text)).toBe(SITE_LISTINGS + 8);
    const upkeep = rowsOf(withUpkeep.text).join(' ');
    for (const shown of ['initialize', 'notifications/initialized', 'tools/list', 'GET /mcp']) {
      expect(upkeep).toContain(shown);
    }
    expect(withUpkeep.text).toMatch(/<input type="checkbox" name="protocol" value="1" checked/);
  });

  it('finds a call by its request id, in one search', async () => {
    const page = await browser.get('/console/activity?q=req-sites-7');
    expect(totalOf(page.text)).toBe(1);
    expect(rowsOf(page.text)).toHaveLength(1);
    expect(rowsOf(page.text)[0]).toContain('listSites');
    expect(rowsOf(page.text)[0]).toContain('req-sites-7');
  });

  it('finds calls by path (its beginning), and by operation', async () => {
    const byPath = await browser.get('/console/activity?q=%2Fapi%2Fv1%2Fnowhere');
    expect(totalOf(byPath.text)).toBe(1);
    expect(rowsOf(byPath.text)[0]).toContain('404');
    const byPrefix = await browser.get(`/console/activity?q=%2Fapi%2Fv1%2Farticles`);
    expect(totalOf(byPrefix.text)).toBe(2);
    const byOperation = await browser.get('/console/activity?q=listSites');
    expect(totalOf(byOperation.text)).toBe(SITE_LISTINGS);
  });

  it('finds the calls of an article by its id, the edit linking the revision it made', async () => {
    const page = await browser.get(`/console/activity?q=${articleId}`);
    expect(totalOf(page.text)).toBe(2);
    const rows = rowsOf(page.text);
    expect(rows.join(' ')).toContain('getArticle');
    const edit = rows.find((row) => row.includes('updateArticle'))!;
    expect(edit).toContain(`Revision 2 of article ${articleId}`);
    expect(page.text).toContain(`href="/console/articles/${articleId}/revisions/2"`);
  });

  it('says when nothing matches, and keeps the search in the form', async () => {
    const page = await browser.get('/console/activity?q=no-such-request');
    expect(totalOf(page.text)).toBe(0);
    expect(textOf(page.text)).toContain('Nothing matches this filter');
    expect(page.text).toContain('value="no-such-request"');
    expect(page.text).not.toContain('Export CSV');
  });

  it('shows one call whole: every field, the full user agent, the revision it made', async () => {
    const list = await browser.get('/console/activity?q=req-edit-article');
    expect(list.text).toContain(`href="/console/activity/${editId}"`);
    const page = await browser.get(`/console/activity/${editId}`);
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    expect(text).toContain(BROWSER_AGENT);
    expect(text).toContain('req-edit-article');
    expect(text).toContain(`PUT /api/v1/articles/${articleId}`);
    expect(text).toMatch(/Client address [0-9a-f:.]+/);
    expect(text).toMatch(/Time \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(text).toContain(`Duration`);
    expect(text).toContain(`Key id ${agency.keyId}`);
    expect(text).toContain(`Log entry id ${editId}`);
    expect(text).toContain(`Revision 2 of article ${articleId}`);
    expect(text).toContain('Activity / updateArticle');
  });

  it('answers another account’s call, or a malformed id, with the not-found page', async () => {
    const [{ id: foreign }] = await t.db.query(
      `SELECT id FROM learning_log WHERE request_id = 'req-other-account'`,
    );
    expect((await browser.get(`/console/activity/${foreign}`)).status).toBe(404);
    expect((await browser.get(`/console/activity/${randomUUID()}`)).status).toBe(404);
    expect((await browser.get('/console/activity/not-a-call')).status).toBe(404);
  });

  it('exports every row the filter matches as CSV, not one page', async () => {
    const page = await browser.get('/console/activity?q=listSites');
    expect(page.text).toContain('href="/console/activity/export?q=listSites"');
    const res = await browser.get('/console/activity/export?q=listSites');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toContain(
      `filename="activity-${today}-filtered.csv"`,
    );
    const lines = res.text.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(
      'id,occurred_at,channel,operation,method,path,status,error,duration_ms,request_id,key_id,user_id,connection_id,client_address,user_agent,mail_to,mail_subject',
    );
    expect(lines).toHaveLength(1 + SITE_LISTINGS);
    expect(lines.slice(1).every((line) => line.includes(',listSites,GET,/api/v1/sites,200,'))).toBe(
      true,
    );
    expect(lines[1]).toMatch(/^[0-9a-f-]{36},\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,api,/);
    expect(lines[1]).toContain(BROWSER_AGENT);

    // The whole log, protocol rows left out as on the page; a day range names the file.
    const whole = await browser.get(`/console/activity/export?from=2026-01-01&to=${today}`);
    expect(whole.headers['content-disposition']).toContain(
      `filename="activity-2026-01-01_${today}.csv"`,
    );
    expect(whole.text.split('\r\n').filter((line) => line !== '')).toHaveLength(
      1 + SITE_LISTINGS + 4,
    );
    expect(whole.text).not.toContain('req-other-account');
  });

  it('draws the last 30 days’ calls by status class on the overview', async () => {
    const page = await browser.get('/console');
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    expect(text).toContain('Calls, last 30 days');
    // The API calls, counted by class: 57 answered, the 404 and the 405 of GET /mcp left out as upkeep.
    expect(text).toContain(
      `${SITE_LISTINGS + 3} API and agent calls in the last 30 days: ${SITE_LISTINGS + 2} 2xx, 1 4xx.`,
    );
    const svg = /src="data:image\/svg\+xml;base64,([^"]+)"/.exec(page.text)![1];
    const drawn = Buffer.from(svg, 'base64').toString('utf8');
    expect(drawn).toMatch(/^<svg/);
    expect(drawn).toContain('Calls a day');
    expect(drawn).toContain('2xx');
  });
});
