import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { LearningLogWriter } from '../../src/learning-log/learning-log.writer.js';
import { ConsoleClient } from '../support/console-client.js';
import {
  seedAccount,
  seedSite,
  seedUser,
  type SeededAccount,
  type SeededUser,
} from '../support/fixtures.js';
import { itReadingPdf, PDFTOTEXT } from '../support/poppler.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { generateSiteData } from '../report/report-data.js';

const ORIGIN = 'http://api.test';
const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SVG_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32" onload="alert(1)">
<script>alert(2)</script><rect width="120" height="32" fill="#1f5fa8"/><text x="8" y="22" fill="#fff">Bright</text></svg>`;

/** Buffers a whole binary answer (supertest parses only text). */
function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-report-pdf-'));
  writeFileSync(join(dir, 'report.pdf'), pdf);
  return execFileSync(PDFTOTEXT, ['-layout', join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
}

/** The text of each cell of the row of the table whose first cell is `label` (tags removed). */
function rowCells(html: string, rowStart: RegExp): string[] {
  const row = new RegExp(
    `<tr[^>]*>\\s*<td[^>]*>(?:(?!</tr>).)*?${rowStart.source}(?:(?!</tr>).)*</tr>`,
    's',
  ).exec(html);
  if (!row) throw new Error(`no row matching ${rowStart.source}`);
  return [...row[0].matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((cell) =>
    cell[1]
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .trim(),
  );
}

const fmt = (n: number) => n.toLocaleString('en-US');

describe('console: the report pages and their white label', () => {
  let t: TestApp;
  let agency: SeededAccount;
  let owner: SeededUser;
  let member: SeededUser;
  let stranger: SeededUser;
  let siteId: number;
  let secondSiteId: number;
  let ownerBrowser: ConsoleClient;
  let memberBrowser: ConsoleClient;
  let strangerBrowser: ConsoleClient;

  async function signedIn(who: SeededUser): Promise<ConsoleClient> {
    const client = new ConsoleClient(t.http, ORIGIN);
    expect((await client.signIn(who.email, who.password)).status).toBe(303);
    return client;
  }

  const api = (path: string) =>
    request(t.http).get(path).set('Authorization', `Bearer ${agency.key}`);

  /** Posts the white-label form as a browser does: multipart, the token first, then the fields and the file. */
  async function postBrand(
    client: ConsoleClient,
    fields: Record<string, string>,
    logo?: { bytes: Buffer; filename: string; type: string },
  ): Promise<request.Response> {
    await client.get('/console/report/brand');
    let req = request(t.http)
      .post('/console/report/brand')
      .set('Cookie', client.sessionCookie ?? '')
      .set('Origin', ORIGIN)
      .field('_csrf', client.csrf ?? '');
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    if (logo)
      req = req.attach('logo', logo.bytes, { filename: logo.filename, contentType: logo.type });
    return req;
  }

  async function storedBrand() {
    return t.db.query(
      `SELECT display_name, logo_media_type, octet_length(logo) AS logo_bytes, updated_at
         FROM report_brands WHERE account_id = $1`,
      [agency.accountId],
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
    agency = await seedAccount(t.db, { name: 'Acme Agency' });
    owner = await seedUser(t.db, agency.accountId, { name: 'Olga Owner', role: 'owner' });
    member = await seedUser(t.db, agency.accountId, { name: 'Mo Member', role: 'member' });
    siteId = await seedSite(t.db, agency.accountId, {
      name: 'Acme Plumbing',
      website_url: 'https://acme.example',
    });
    secondSiteId = await seedSite(t.db, agency.accountId, { name: 'Zeta Roofing' });
    await generateSiteData(t.db, siteId, 11);
    await generateSiteData(t.db, secondSiteId, 12);
    const other = await seedAccount(t.db, { name: 'Other Agency' });
    stranger = await seedUser(t.db, other.accountId, { role: 'owner' });
    ownerBrowser = await signedIn(owner);
    memberBrowser = await signedIn(member);
    strangerBrowser = await signedIn(stranger);
  });
  afterAll(() => t?.close());

  describe('who sees what', () => {
    it('shows a site report and the account report to owners and members alike', async () => {
      for (const client of [ownerBrowser, memberBrowser]) {
        const site = await client.get(`/console/sites/${siteId}/report?period=2024-02`);
        expect(site.status).toBe(200);
        expect(site.text).toContain('<h1>Report: Acme Plumbing</h1>');
        expect(site.text).toContain('February 2024');
        const account = await client.get('/console/report?period=2024-02');
        expect(account.status).toBe(200);
        expect(account.text).toContain('Acme Plumbing');
        expect(account.text).toContain('Zeta Roofing');
      }
    });

    it("answers another account's site, and one that does not exist, with the not-found page — files too", async () => {
      for (const path of [
        `/console/sites/${siteId}/report`,
        `/console/sites/${siteId}/report?format=pdf`,
        `/console/sites/${siteId}/report?period=nonsense`,
        '/console/sites/999999/report',
      ]) {
        const res = await strangerBrowser.get(path);
        expect(res.status).toBe(404);
        expect(res.text).toContain('Page not found');
        expect(res.text).not.toContain('Acme Plumbing');
      }
      const theirs = await strangerBrowser.get('/console/report');
      expect(theirs.status).toBe(200);
      expect(theirs.text).not.toContain('Acme Plumbing');
    });

    it('sends someone not signed in to sign in', async () => {
      const res = await request(t.http).get(`/console/sites/${siteId}/report?format=csv`);
      expect(res.status).toBe(303);
      expect(res.headers.location).toMatch(/^\/console\/sign-in\?return_to=/);
    });

    it('links to the report from the navigation and from the site page', async () => {
      expect((await memberBrowser.get('/console')).text).toContain(
        '<a href="/console/report">Report</a>',
      );
      expect((await memberBrowser.get(`/console/sites/${siteId}`)).text).toContain(
        `href="/console/sites/${siteId}/report"`,
      );
    });
  });

  describe('the numbers', () => {
    it("shows the site report's summary, breakdowns and lists as the API's JSON has them", async () => {
      const query = 'period=2024-02&compare=previous_year';
      const { data } = (await api(`/api/v1/sites/${siteId}/report?${query}`).expect(200)).body;
      const page = (await memberBrowser.get(`/console/sites/${siteId}/report?${query}`)).text;
      expect(page).toContain('compared with February 2023');
      const labels = {
        articles_published: 'Articles published',
        backlinks_acquired: 'Backlinks acquired',
        backlinks_industry: 'Industry backlinks',
        backlinks_local: 'Local backlinks',
      } as const;
      for (const [name, label] of Object.entries(labels) as Array<[keyof typeof labels, string]>) {
        const [, now, before, change] = rowCells(page, new RegExp(`${label}</td>`));
        expect(now).toBe(fmt(data.summary[name]));
        expect(before).toBe(fmt(data.previous[name]));
        expect(change.replace('−', '-')).toMatch(
          new RegExp(
            `^${data.change[name].absolute > 0 ? '\\+' : ''}${fmt(data.change[name].absolute)}`,
          ),
        );
      }
      for (const domain of data.top_referring_domains) {
        expect(page).toMatch(
          new RegExp(
            `${domain.source_domain}</td><td [^>]*class="num">${fmt(domain.backlinks)}</td>`,
          ),
        );
      }
      expect(page).toContain(`Articles published: ${fmt(data.articles_published.total)}</h2>`);
      expect(page).toContain(`Edits made: ${fmt(data.edits.total)}</h2>`);
      for (const day of data.daily.slice(0, 3)) expect(page).toContain(`datetime="${day.date}"`);
      // The charts are the report's own SVG, as images on the page.
      expect(
        page.match(/<img class="chart" alt="[^"]*" src="data:image\/svg\+xml;base64,/g),
      ).toHaveLength(3);
    });

    it("lists every site with the account report's counts and changes, sortable on the server", async () => {
      const query = 'period=2024-03&compare=previous_period';
      const body = (await api(`/api/v1/report?${query}`).expect(200)).body;
      const page = (await memberBrowser.get(`/console/report?${query}`)).text;
      for (const total of Object.values<number>(body.meta.totals)) {
        expect(page).toContain(`<dd>${fmt(total)}</dd>`);
      }
      for (const row of body.data) {
        const cells = rowCells(page, new RegExp(`/console/sites/${row.site.id}/report`));
        expect(cells.slice(1).filter((_, i) => i % 2 === 0)).toEqual([
          fmt(row.summary.articles_published),
          fmt(row.summary.backlinks_acquired),
          fmt(row.summary.backlinks_industry),
          fmt(row.summary.backlinks_local),
        ]);
      }
      const order = (html: string) =>
        [...html.matchAll(/<tr id="site-(\d+)">/g)].map((m) => Number(m[1]));
      const sorted = [...body.data].sort(
        (a, b) => b.summary.backlinks_acquired - a.summary.backlinks_acquired,
      );
      const byBacklinks = await memberBrowser.get(
        `/console/report?${query}&sort=backlinks_acquired&dir=desc`,
      );
      expect(order(byBacklinks.text)).toEqual(sorted.map((row) => row.site.id));
      const reversed = await memberBrowser.get(
        `/console/report?${query}&sort=backlinks_acquired&dir=asc`,
      );
      expect(order(reversed.text)).toEqual(sorted.map((row) => row.site.id).reverse());
      expect(byBacklinks.text).toContain('aria-sort="descending"');
      // The heading links to the other direction, keeping the period.
      expect(byBacklinks.text).toContain(
        'href="/console/report?period=2024-03&amp;compare=previous_period&amp;sort=backlinks_acquired&amp;dir=asc"',
      );
    });

    it('reads the picker: a month, a range, and the API grammar alike', async () => {
      const month = await memberBrowser.get(
        `/console/sites/${siteId}/report?period=month&month=2024-02&from=&to=&compare=none`,
      );
      expect(month.status).toBe(200);
      expect(month.text).toContain('<strong>February 2024</strong> (29 days)');
      expect(month.text).not.toContain('compared with');
      const range = await memberBrowser.get(
        `/console/sites/${siteId}/report?period=range&month=&from=2024-02-10&to=2024-02-20`,
      );
      expect(range.text).toContain('10 February 2024 – 20 February 2024');
      const copied = await memberBrowser.get(
        `/console/sites/${siteId}/report?from=2024-02-10&to=2024-02-20`,
      );
      expect(copied.text).toContain('10 February 2024 – 20 February 2024');
    });
  });

  describe('downloads through the session', () => {
    it('gives the CSV the API gives, without a key', async () => {
      const query = 'period=2024-02&compare=previous_period';
      const fromApi = await api(`/api/v1/sites/${siteId}/report?${query}&format=csv`).expect(200);
      const fromConsole = await memberBrowser.get(
        `/console/sites/${siteId}/report?${query}&format=csv`,
      );
      expect(fromConsole.status).toBe(200);
      expect(fromConsole.headers['content-type']).toBe(fromApi.headers['content-type']);
      expect(fromConsole.headers['content-disposition']).toBe(
        fromApi.headers['content-disposition'],
      );
      expect(fromConsole.text).toBe(fromApi.text);
      const account = await memberBrowser.get(`/console/report?${query}&format=csv`);
      const accountApi = await api(`/api/v1/report?${query}&per_page=100&format=csv`).expect(200);
      expect(account.text).toBe(accountApi.text);
    });

    it('offers PDF, CSV and HTML links carrying the period', async () => {
      const page = (
        await memberBrowser.get(`/console/sites/${siteId}/report?period=2024-02&compare=none`)
      ).text;
      for (const format of ['pdf', 'csv', 'html']) {
        expect(page).toContain(
          `href="/console/sites/${siteId}/report?period=2024-02&amp;compare=none&amp;format=${format}"`,
        );
      }
    });
  });

  describe('white label', () => {
    it('shows owners the form and refuses it to members, changing nothing', async () => {
      expect((await ownerBrowser.get('/console/report/brand')).text).toContain(
        'enctype="multipart/form-data"',
      );
      expect((await memberBrowser.get('/console/report/brand')).status).toBe(403);
      const refused = await postBrand(memberBrowser, { display_name: 'Member Brand' });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain('Only owners of the account set the name and logo');
      expect(await storedBrand()).toEqual([]);
    });

    it('refuses a form without the CSRF token', async () => {
      await ownerBrowser.get('/console/report/brand');
      const res = await request(t.http)
        .post('/console/report/brand')
        .set('Cookie', ownerBrowser.sessionCookie ?? '')
        .set('Origin', ORIGIN)
        .field('display_name', 'No Token')
        .attach('logo', PNG_1x1, { filename: 'a.png', contentType: 'image/png' });
      expect(res.status).toBe(403);
      expect(await storedBrand()).toEqual([]);
    });

    it('refuses a logo over 512 KB, of another type or that is not an image, saying why; nothing changes', async () => {
      const cases: Array<[{ bytes: Buffer; filename: string; type: string }, string]> = [
        [
          {
            bytes: Buffer.concat([PNG_1x1, Buffer.alloc(512 * 1024)]),
            filename: 'big.png',
            type: 'image/png',
          },
          'larger than 512 KB',
        ],
        [
          {
            bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
            filename: 'logo.png',
            type: 'image/png',
          },
          'must be a PNG or an SVG image; this file is image/jpeg',
        ],
        [
          { bytes: Buffer.from('hello'), filename: 'logo.svg', type: 'image/svg+xml' },
          'must be a PNG or an SVG image',
        ],
      ];
      for (const [logo, message] of cases) {
        const res = await postBrand(ownerBrowser, { display_name: 'Bright Reports' }, logo);
        expect(res.status).toBe(422);
        expect(res.text).toContain('Nothing was changed');
        expect(res.text).toContain(message);
        expect(res.text).toContain('value="Bright Reports"');
      }
      const long = await postBrand(ownerBrowser, { display_name: 'x'.repeat(101) });
      expect(long.status).toBe(422);
      expect(long.text).toContain('it may be at most 100');
      const control = await postBrand(ownerBrowser, { display_name: 'Bright\tReports' });
      expect(control.status).toBe(422);
      expect(await storedBrand()).toEqual([]);
    });

    it('puts the name and the sanitised logo on the HTML, the PDF and the console page, and logs the change', async () => {
      const saved = await postBrand(
        ownerBrowser,
        { display_name: 'Bright Reports Ltd' },
        { bytes: Buffer.from(SVG_LOGO), filename: 'logo.svg', type: 'image/svg+xml' },
      );
      expect(saved.status).toBe(303);
      expect(saved.headers.location).toBe('/console/report');
      const [stored] = await storedBrand();
      expect(stored).toMatchObject({
        display_name: 'Bright Reports Ltd',
        logo_media_type: 'image/svg+xml',
      });

      const html = await api(`/api/v1/sites/${siteId}/report?period=2024-02&format=html`).expect(
        200,
      );
      expect(html.text).toContain('<span>Bright Reports Ltd</span>');
      const logo = /src="data:image\/svg\+xml;base64,([^"]+)"/.exec(html.text);
      expect(logo).not.toBeNull();
      const svg = Buffer.from(logo![1], 'base64').toString('utf8');
      expect(svg).toContain('>Bright</text>');
      expect(svg).not.toMatch(/script|onload|alert/);

      const consoleHtml = await memberBrowser.get(
        `/console/sites/${siteId}/report?period=2024-02&format=html`,
      );
      expect(consoleHtml.text).toContain('<span>Bright Reports Ltd</span>');
      expect(consoleHtml.headers['content-security-policy']).toContain(
        "default-src 'none'; style-src 'unsafe-inline'",
      );

      const page = await memberBrowser.get(`/console/sites/${siteId}/report?period=2024-02`);
      expect(page.text).toContain('<span>Bright Reports Ltd</span>');

      await t.app.get(LearningLogWriter).flush();
      const logged = await t.db.query(
        `SELECT channel, operation, status, error, user_id FROM learning_log
          WHERE operation = 'setReportBrand' ORDER BY occurred_at`,
      );
      expect(logged.at(-1)).toEqual({
        channel: 'console',
        operation: 'setReportBrand',
        status: 200,
        error: null,
        user_id: owner.userId,
      });
      expect(
        logged.some(
          (row: { status: number; error: string }) =>
            row.status === 422 && row.error === 'validation_failed',
        ),
      ).toBe(true);
      expect(logged.some((row: { status: number }) => row.status === 403)).toBe(true);
    });

    itReadingPdf('carries the name in the PDF, whose text a reader can search', async () => {
      const pdf = await memberBrowser.get(
        `/console/sites/${siteId}/report?period=2024-02&format=pdf`,
      );
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const bytes = await new Promise<Buffer>((resolve) => {
        request(t.http)
          .get(`/api/v1/sites/${siteId}/report?period=2024-02&format=pdf`)
          .set('Authorization', `Bearer ${agency.key}`)
          .buffer(true)
          .parse(binary)
          .end((_, res) => resolve(res.body as Buffer));
      });
      const text = pdfText(bytes);
      expect(text).toContain('BRIGHT REPORTS LTD');
      expect(text).toContain('Bright Reports Ltd · generated');
    });

    it('keeps the logo when no file is chosen, removes it when asked, and an empty name is the account’s', async () => {
      expect((await postBrand(ownerBrowser, { display_name: 'Bright Two' })).status).toBe(303);
      expect((await storedBrand())[0]).toMatchObject({
        display_name: 'Bright Two',
        logo_media_type: 'image/svg+xml',
      });
      expect((await postBrand(ownerBrowser, { display_name: '', remove_logo: 'yes' })).status).toBe(
        303,
      );
      expect((await storedBrand())[0]).toMatchObject({
        display_name: null,
        logo_media_type: null,
        logo_bytes: null,
      });
      const html = await api(`/api/v1/sites/${siteId}/report?period=2024-02&format=html`).expect(
        200,
      );
      expect(html.text).toContain('<span>Acme Agency</span>');
      expect(html.text).not.toContain('data:image/');
      expect(
        (
          await postBrand(
            ownerBrowser,
            { display_name: '' },
            { bytes: PNG_1x1, filename: 'x.png', type: 'image/png' },
          )
        ).status,
      ).toBe(303);
      expect((await storedBrand())[0]).toMatchObject({
        logo_media_type: 'image/png',
        logo_bytes: PNG_1x1.length,
      });
    });
  });

  describe('bad input', () => {
    it('shows the picker again with what is wrong, as a 422 page', async () => {
      const cases: Array<[string, string]> = [
        ['period=yesterday', 'is not a period'],
        ['period=month&month=', 'Choose the month'],
        ['period=range&from=2024-02-30&to=2024-03-01', 'is not a date'],
        ['from=2024-03-10&to=2024-03-01', ''],
        ['period=2024-02&compare=sideways', 'The comparison must be'],
      ];
      for (const [query, message] of cases) {
        for (const path of [`/console/sites/${siteId}/report`, '/console/report']) {
          const res = await memberBrowser.get(`${path}?${query}`);
          expect({ query, path, status: res.status }).toEqual({ query, path, status: 422 });
          expect(res.text).toContain('That period cannot be shown');
          expect(res.text).toContain(message);
          expect(res.text).toContain('<form class="filters report-picker"');
        }
      }
    });

    it('answers an unknown format with 406', async () => {
      const res = await memberBrowser.get(`/console/sites/${siteId}/report?format=docx`);
      expect(res.status).toBe(406);
      expect(res.text).toContain('downloads as pdf, csv or html');
      expect((await memberBrowser.get('/console/report?format=json')).status).toBe(406);
    });
  });
});
