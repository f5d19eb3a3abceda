import { toolNamed } from '../tool-table.js';
import { requestTarget } from './api-request.js';
import { accountReportSummary, changeText, siteReportSummary } from './report-summaries.js';
import { toolResult } from './tool-result.js';

const counts = (a: number, b: number, i: number, l: number) => ({
  articles_published: a,
  backlinks_acquired: b,
  backlinks_industry: i,
  backlinks_local: l,
});
const change = (absolute: number, percent: number | null) => ({ absolute, percent });

const REPORT = {
  site: { id: 12, name: 'Acme Plumbing' },
  period: { from: '2026-10-01', to: '2026-10-31', days: 31 },
  comparison: { from: '2026-09-01', to: '2026-09-30', days: 30, kind: 'previous_period' },
  summary: counts(8, 1234, 15, 1219),
  previous: counts(8, 1000, 0, 1000),
  change: {
    articles_published: change(0, 0),
    backlinks_acquired: change(234, 23.4),
    backlinks_industry: change(15, null),
    backlinks_local: change(219, 21.9),
  },
  daily: [],
  top_referring_domains: [
    { source_domain: 'news.example', backlinks: 4, first_seen: true },
    { source_domain: 'blog.example', backlinks: 3, first_seen: false },
    { source_domain: 'a.example', backlinks: 2, first_seen: false },
    { source_domain: 'b.example', backlinks: 1, first_seen: false },
  ],
  top_linked_pages: [{ target_url: 'https://acme.example/', backlinks: 7, article_id: 4211 }],
  edits: { total: 10, by_origin: { api: 3, mcp: 2, editor: 5, rewrite: 0 } },
};

describe('the report summaries', () => {
  it('gives a change with its sign and percent, or “new” from zero', () => {
    expect(changeText(change(5, 27.8))).toBe('+5 (+27.8%)');
    expect(changeText(change(-3, -50))).toBe('−3 (−50%)');
    expect(changeText(change(0, 0))).toBe('±0 (0%)');
    expect(changeText(change(4, null))).toBe('+4 (new)');
    expect(changeText(change(0, null))).toBe('±0');
  });

  it('summarises a site report: period, the four counts and changes, the top three', () => {
    const text = siteReportSummary({ data: REPORT });
    expect(text).toContain('## Report: Acme Plumbing (site 12)');
    expect(text).toContain(
      'Period: 2026-10-01 to 2026-10-31 (31 days, UTC), compared with the previous period, 2026-09-01 to 2026-09-30.',
    );
    expect(text).toContain('| Backlinks acquired | 1,234 | +234 (+23.4%) |');
    expect(text).toContain('| – industry | 15 | +15 (new) |');
    expect(text).toContain(
      'Top referring domains: news.example 4 (new); blog.example 3; a.example 2\n',
    );
    expect(text).not.toContain('b.example');
    expect(text).toContain('Top linked pages: https://acme.example/ 7 (article 4211)');
    expect(text).toContain('Edits to the site’s articles: 10 (api 3, mcp 2, editor 5).');
  });

  it('leaves the change column out without a comparison', () => {
    const text = siteReportSummary({
      data: { ...REPORT, comparison: null, previous: null, change: null },
    });
    expect(text).toContain('no comparison.');
    expect(text).toContain('| Articles published | 8 |\n');
  });

  it('summarises an account report with its totals and the way to the next page', () => {
    const row = (id: number) => ({
      site: { id, name: `Site ${id}` },
      summary: counts(id, 2 * id, id, id),
      change: REPORT.change,
    });
    const text = accountReportSummary({
      data: Array.from({ length: 12 }, (_, i) => row(i + 1)),
      meta: {
        page: 1,
        per_page: 12,
        total: 30,
        last_page: 3,
        period: REPORT.period,
        comparison: REPORT.comparison,
        totals: counts(1, 2, 1, 1),
      },
    } as never);
    expect(text).toContain(
      'Totals over all 30 websites: 1 articles published, 2 backlinks acquired',
    );
    expect(text).toContain('| Site 10 (site 10) | 10 | ±0 (0%) | 20 | +234 (+23.4%) |');
    expect(text).not.toContain('Site 11 (site 11)');
    expect(text).toContain('Call get_account_report with page=2');
  });

  it('maps the report tools to their endpoints and answers with the summary alone', () => {
    const report = toolNamed('get_report')!;
    const request = report.toRequest({
      site_id: 12,
      period: 'last_month',
      compare: 'none',
      top: 3,
    });
    expect(requestTarget(request)).toBe(
      '/api/v1/sites/12/report?period=last_month&compare=none&top=3',
    );
    const account = toolNamed('get_account_report')!;
    expect(requestTarget(account.toRequest({ period: '2026-10', page: 2 }))).toBe(
      '/api/v1/report?period=2026-10&page=2',
    );
    const body = { data: REPORT };
    const result = toolResult(report, { status: 200, headers: {}, body });
    expect(result.structuredContent).toBe(body);
    expect(result.content).toEqual([{ type: 'text', text: siteReportSummary(body) }]);
  });
});
