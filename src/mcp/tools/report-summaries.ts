import type { SuccessBody } from './agent-tool.js';

/**
 * The text of get_report and get_account_report: a short Markdown summary
 * (a few hundred tokens) an assistant can answer from, instead of the
 * report's JSON again; the whole report is the structured content.
 */

interface Counts {
  articles_published: number;
  backlinks_acquired: number;
  backlinks_industry: number;
  backlinks_local: number;
}

type CountName = keyof Counts;

interface Change {
  absolute: number;
  percent: number | null;
}

interface Period {
  from: string;
  to: string;
  days: number;
}

interface Comparison extends Period {
  kind: 'previous_period' | 'previous_year';
}

interface SiteReportView {
  site: { id: number; name: string | null };
  period: Period;
  comparison: Comparison | null;
  summary: Counts;
  change: Record<CountName, Change> | null;
  top_referring_domains: Array<{ source_domain: string; backlinks: number; first_seen: boolean }>;
  top_linked_pages: Array<{ target_url: string; backlinks: number; article_id: number | null }>;
  edits: { total: number; by_origin: Record<string, number> };
}

interface AccountRowView {
  site: { id: number; name: string | null };
  summary: Counts;
  change: Record<CountName, Change> | null;
}

interface AccountMetaView {
  page: number;
  last_page: number;
  total: number;
  period: Period;
  comparison: Comparison | null;
  totals: Counts;
}

const COUNT_LABELS: Record<CountName, string> = {
  articles_published: 'Articles published',
  backlinks_acquired: 'Backlinks acquired',
  backlinks_industry: '– industry',
  backlinks_local: '– local',
};

/** In the summaries, the ranked lists and the account's sites stop here; the structured result has them all. */
const TOP_SHOWN = 3;
const SITES_SHOWN = 10;

const NUMBER = new Intl.NumberFormat('en-US');

function signed(n: number): string {
  return n > 0 ? `+${NUMBER.format(n)}` : n < 0 ? `−${NUMBER.format(-n)}` : '±0';
}

/** "+5 (+27.8%)", or "+5 (new)" when the comparison count was 0. */
export function changeText(change: Change): string {
  if (change.percent === null)
    return change.absolute === 0 ? '±0' : `${signed(change.absolute)} (new)`;
  const percent = change.percent > 0 ? `+${change.percent}` : `${change.percent}`;
  return `${signed(change.absolute)} (${percent.replace('-', '−')}%)`;
}

function periodLine(period: Period, comparison: Comparison | null): string {
  const range = `${period.from} to ${period.to} (${period.days} days, UTC)`;
  if (comparison === null) return `Period: ${range}; no comparison.`;
  const kind = comparison.kind === 'previous_year' ? 'a year earlier' : 'the previous period';
  return `Period: ${range}, compared with ${kind}, ${comparison.from} to ${comparison.to}.`;
}

function countsTable(summary: Counts, change: Record<CountName, Change> | null): string[] {
  const names = Object.keys(COUNT_LABELS) as CountName[];
  if (change === null) {
    return [
      '| | Count |',
      '|---|--:|',
      ...names.map((n) => `| ${COUNT_LABELS[n]} | ${NUMBER.format(summary[n])} |`),
    ];
  }
  return [
    '| | Count | Change |',
    '|---|--:|--:|',
    ...names.map(
      (n) => `| ${COUNT_LABELS[n]} | ${NUMBER.format(summary[n])} | ${changeText(change[n])} |`,
    ),
  ];
}

function siteName(site: { id: number; name: string | null }): string {
  return `${site.name ?? '(unnamed)'} (site ${site.id})`;
}

export function siteReportSummary(body: SuccessBody): string {
  const report = body.data as SiteReportView;
  const domains = report.top_referring_domains.slice(0, TOP_SHOWN);
  const pages = report.top_linked_pages.slice(0, TOP_SHOWN);
  const origins = Object.entries(report.edits.by_origin)
    .filter(([, n]) => n > 0)
    .map(([origin, n]) => `${origin} ${NUMBER.format(n)}`);
  return [
    `## Report: ${siteName(report.site)}`,
    periodLine(report.period, report.comparison),
    '',
    ...countsTable(report.summary, report.change),
    '',
    `Top referring domains: ${
      domains.length === 0
        ? 'none in the period.'
        : domains
            .map(
              (d) =>
                `${d.source_domain} ${NUMBER.format(d.backlinks)}${d.first_seen ? ' (new)' : ''}`,
            )
            .join('; ')
    }`,
    `Top linked pages: ${
      pages.length === 0
        ? 'none in the period.'
        : pages
            .map(
              (p) =>
                `${p.target_url} ${NUMBER.format(p.backlinks)}${p.article_id === null ? '' : ` (article ${p.article_id})`}`,
            )
            .join('; ')
    }`,
    `Edits to the site’s articles: ${NUMBER.format(report.edits.total)}${origins.length === 0 ? '' : ` (${origins.join(', ')})`}.`,
    '',
    'The structured result holds the whole report: the daily series, anchor-type and status breakdowns, up to `top` domains and pages, and the articles published.',
  ].join('\n');
}

export function accountReportSummary(body: SuccessBody): string {
  const rows = body.data as AccountRowView[];
  const meta = body.meta as unknown as AccountMetaView;
  const lines = [
    '## Account report',
    periodLine(meta.period, meta.comparison),
    '',
    `Totals over all ${NUMBER.format(meta.total)} websites: ` +
      (Object.keys(COUNT_LABELS) as CountName[])
        .map(
          (n) =>
            `${NUMBER.format(meta.totals[n])} ${COUNT_LABELS[n].replace('– ', '').toLowerCase()}`,
        )
        .join(', ') +
      '.',
    '',
  ];
  const shown = rows.slice(0, SITES_SHOWN);
  if (shown.length > 0) {
    const withChange = shown[0].change !== null;
    lines.push(
      withChange
        ? '| Website | Articles | Change | Backlinks | Change |'
        : '| Website | Articles | Backlinks |',
      withChange ? '|---|--:|--:|--:|--:|' : '|---|--:|--:|',
      ...shown.map((row) => {
        const { articles_published: a, backlinks_acquired: b } = row.summary;
        const cells = row.change
          ? [
              NUMBER.format(a),
              changeText(row.change.articles_published),
              NUMBER.format(b),
              changeText(row.change.backlinks_acquired),
            ]
          : [NUMBER.format(a), NUMBER.format(b)];
        return `| ${siteName(row.site)} | ${cells.join(' | ')} |`;
      }),
      '',
    );
  }
  const more =
    rows.length > shown.length
      ? ` The table shows ${shown.length} of the ${rows.length} on this page; the structured result has every row.`
      : '';
  const next =
    meta.page < meta.last_page
      ? ` Call get_account_report with page=${meta.page + 1} (same arguments) for the next websites.`
      : '';
  lines.push(
    `Page ${meta.page} of ${meta.last_page}.${more}${next} Use get_report with a site_id for one website’s full report.`,
  );
  return lines.join('\n');
}
