import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { seedAccount, seedSite, SeededAccount } from '../support/fixtures.js';
import { itReadingPdf, PDFTOTEXT } from '../support/poppler.js';
import { createTestApp, TestApp } from '../support/test-app.js';
import { parseCsv } from './csv.js';
import { generateSiteData } from './report-data.js';

/** Buffers a whole binary answer (supertest parses only text). */
function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The text of a PDF as pdftotext extracts it (Poppler): what a reader can select and search. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
  writeFileSync(join(dir, 'report.pdf'), pdf);
  return execFileSync(PDFTOTEXT, ['-layout', join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
}

describe('report formats: JSON, CSV, HTML and PDF', () => {
  let t: TestApp;
  let owner: SeededAccount;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
    owner = await seedAccount(t.db, { name: 'Müller & Søn Agency <Ltd>' });
    siteId = await seedSite(t.db, owner.accountId, {
      name: 'Acme "Plumbing", Zürich',
      website_url: 'https://acme.example',
    });
    await generateSiteData(t.db, siteId, 7);
    await t.db.query(
      `INSERT INTO backlinks (site_id, acquired_at, source_domain, anchor_type, status, category)
       VALUES ($1, '2024-02-10T10:00:00Z', 'evil.example', '<script>alert(1)</script>', 'live', 'local')`,
      [siteId],
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string) =>
    request(t.http).get(path).set('Authorization', `Bearer ${owner.key}`);
  const json = async (path: string) => (await get(path).expect(200)).body;

  it('answers JSON by default, for */* and for application/json', async () => {
    const plain = await get(`/api/v1/sites/${siteId}/report?period=2024-02`).expect(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const any = await get(`/api/v1/sites/${siteId}/report?period=2024-02`)
      .set('Accept', '*/*')
      .expect(200);
    expect(any.headers['content-type']).toMatch(/^application\/json/);
    expect(any.body.data.summary).toEqual(plain.body.data.summary);
  });

  it('CSV: the daily table, RFC 4180, as an attachment naming the site and the period', async () => {
    const report = (await json(`/api/v1/sites/${siteId}/report?period=2024-02`)).data;
    for (const ask of [
      (path: string) => get(`${path}&format=csv`),
      (path: string) => get(path).set('Accept', 'text/csv'),
    ]) {
      const res = await ask(`/api/v1/sites/${siteId}/report?period=2024-02`).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="report-site-${siteId}-acme-plumbing-zurich-2024-02.csv"; filename*=UTF-8''report-site-${siteId}-acme-plumbing-zurich-2024-02.csv`,
      );
      const rows = parseCsv(res.text);
      expect(rows[0]).toEqual([
        'date',
        'articles_published',
        'backlinks_acquired',
        'backlinks_industry',
        'backlinks_local',
      ]);
      expect(rows.slice(1)).toEqual(
        report.daily.map((day: Record<string, unknown>) =>
          rows[0].map((name) => String(day[name])),
        ),
      );
      expect(rows).toHaveLength(30);
    }
  });

  it('CSV of the account report: one row a site with both periods, names quoted', async () => {
    const report = await json('/api/v1/report?period=2024-02');
    const res = await get('/api/v1/report?period=2024-02&format=csv').expect(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="report-account-2024-02\.csv"/,
    );
    expect(res.text).toContain('"Acme ""Plumbing"", Zürich"');
    const rows = parseCsv(res.text);
    expect(rows[0].slice(0, 4)).toEqual([
      'site_id',
      'site_name',
      'website_url',
      'articles_published',
    ]);
    const [row] = report.data;
    expect(rows[1]).toEqual([
      String(row.site.id),
      row.site.name,
      row.site.website_url,
      ...['articles_published', 'backlinks_acquired', 'backlinks_industry', 'backlinks_local'].map(
        (name) => String(row.summary[name]),
      ),
      ...['articles_published', 'backlinks_acquired', 'backlinks_industry', 'backlinks_local'].map(
        (name) => String(row.previous[name]),
      ),
    ]);
    const none = parseCsv(
      (await get('/api/v1/report?period=2024-02&format=csv&compare=none').expect(200)).text,
    );
    expect(none[1].slice(-4)).toEqual(['', '', '', '']);
  });

  it('HTML: a standalone page, no script, nothing loaded, inline SVG charts, print styles, the same numbers', async () => {
    const report = (await json(`/api/v1/sites/${siteId}/report?period=2024-02`)).data;
    const res = await get(`/api/v1/sites/${siteId}/report?period=2024-02&format=html`).expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).not.toContain('script-src');
    const html = res.text;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/<(link|iframe|object|embed)\b/i);
    expect(html).not.toMatch(/\b(src|href)="(?!data:)/i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).toContain('@media print');
    expect(html).toContain('@page');
    expect((html.match(/<svg\b/g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('Müller &amp; Søn Agency &lt;Ltd&gt;');
    expect(html).toContain('Acme &quot;Plumbing&quot;, Zürich');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('February 2024');
    const count = (n: number) => n.toLocaleString('en-US');
    expect(html).toContain(`<td class="n">${count(report.summary.backlinks_acquired)}</td>`);
    expect(html).toContain(`Articles published: ${count(report.articles_published.total)}`);
    for (const domain of report.top_referring_domains) expect(html).toContain(domain.source_domain);
  });

  it('HTML for a browser that asks for text/html first; the account report too', async () => {
    const res = await get(`/api/v1/sites/${siteId}/report?period=2024-02`)
      .set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
      .expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const account = await get('/api/v1/report?period=2024-02&format=html').expect(200);
    expect(account.text).toContain('All websites');
    expect(account.text).toContain('Acme &quot;Plumbing&quot;, Zürich');
    expect(account.text).not.toMatch(/<script/i);
  });

  itReadingPdf(
    'PDF: A4, an attachment, text that can be selected, page numbers, the same numbers',
    async () => {
      const report = (await json(`/api/v1/sites/${siteId}/report?period=2024-02`)).data;
      const res = await get(`/api/v1/sites/${siteId}/report?period=2024-02`)
        .set('Accept', 'application/pdf')
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(
          `^attachment; filename="report-site-${siteId}-acme-plumbing-zurich-2024-02\\.pdf"`,
        ),
      );
      const pdf = res.body as Buffer;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      const text = pdfText(pdf);
      const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
      expect(pages).toBeGreaterThanOrEqual(2);
      expect(text).toContain(`Page ${pages} of ${pages}`);
      expect(text).toContain('MÜLLER & SØN AGENCY <LTD>');
      expect(text).toContain('Acme "Plumbing", Zürich: February 2024');
      expect(text).toContain('<script>alert(1)');
      expect(text).toMatch(
        new RegExp(
          `Backlinks acquired\\s+${report.summary.backlinks_acquired.toLocaleString('en-US')}\\s`,
        ),
      );
      for (const domain of report.top_referring_domains)
        expect(text).toContain(domain.source_domain);
    },
  );

  itReadingPdf('PDF of the account report', async () => {
    const res = await get('/api/v1/report?period=2024-02&format=pdf')
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-disposition']).toMatch(/filename="report-account-2024-02\.pdf"/);
    const text = pdfText(res.body as Buffer);
    expect(text).toContain('All websites: February 2024');
    expect(text).toContain('Page 1 of 1');
  });

  it('format wins over Accept', async () => {
    const res = await get(`/api/v1/sites/${siteId}/report?period=2024-02&format=json`)
      .set('Accept', 'application/pdf')
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([
    ['format=xml', undefined, 'format'],
    ['format=PDF', undefined, 'format'],
    ['format=csv&format=pdf', undefined, 'format'],
    ['', 'application/xml', 'Accept'],
    ['', 'image/png', 'Accept'],
  ])('406 not_acceptable listing the formats: %s, Accept %s', async (query, accept, field) => {
    for (const path of [`/api/v1/sites/${siteId}/report?${query}`, `/api/v1/report?${query}`]) {
      const req = get(path);
      const res = await (accept ? req.set('Accept', accept) : req);
      expect({ path, status: res.status }).toEqual({ path, status: 406 });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        error: 'not_acceptable',
        message:
          'This endpoint answers in json (application/json), csv (text/csv), html (text/html), pdf (application/pdf).',
        details: [{ field, message: 'must be one of json, csv, html, pdf' }],
      });
    }
  });
});
