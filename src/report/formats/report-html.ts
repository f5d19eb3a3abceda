import type { AccountReportDto } from '../dto/account-report.dto.js';
import type { SiteReportDto } from '../dto/site-report.dto.js';
import type { ReportCharts } from './report-charts.js';
import type { ReportBrand } from './report-document.js';
import {
  COUNT_LABELS,
  NO_VALUE,
  ORIGIN_LABELS,
  changeText,
  count,
  dayText,
  generatedText,
  periodText,
  summaryRows,
} from './report-text.js';

/**
 * The reports as standalone printable pages: one HTML document each, its
 * style inline, its charts inline SVG, no script and nothing loaded from
 * anywhere (a logo is a data: URL). Every value from account data is
 * escaped; URLs are shown as text, not links.
 */

const STYLE = `
  :root { color-scheme: light; --ink: #1d2330; --muted: #5b6475; --rule: #d9dde5; --accent: #1f5fa8; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.45 "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink); background: #f4f5f8; }
  .page { max-width: 900px; margin: 24px auto; padding: 36px 44px; background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  .brand { display: flex; align-items: center; gap: 12px; color: var(--muted); font-size: 13px; letter-spacing: .04em; text-transform: uppercase; border-bottom: 2px solid var(--accent); padding-bottom: 10px; }
  .brand img { max-height: 40px; max-width: 160px; }
  h1 { font-size: 26px; margin: 18px 0 4px; }
  h2 { font-size: 17px; margin: 28px 0 10px; color: var(--accent); }
  .meta { color: var(--muted); margin: 0; }
  .meta span { white-space: nowrap; }
  table { width: 100%; border-collapse: collapse; font-size: 13px; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--rule); vertical-align: top; }
  th { font-weight: 600; color: var(--muted); border-bottom: 1px solid var(--ink); }
  td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  td.url { word-break: break-all; }
  .summary td.n:first-of-type { font-weight: 600; }
  .up { color: #1b7a3d; } .down { color: #b42318; }
  figure { margin: 0; }
  figure svg { display: block; width: 100%; height: auto; }
  .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; }
  td.date { white-space: nowrap; }
  .note { color: var(--muted); font-size: 12px; }
  footer { margin-top: 32px; padding-top: 10px; border-top: 1px solid var(--rule); color: var(--muted); font-size: 12px; }
  @page { size: A4; margin: 14mm 14mm 16mm; }
  @media print {
    body { background: #fff; font-size: 10pt; }
    .page { max-width: none; margin: 0; padding: 0; box-shadow: none; }
    h2 { break-after: avoid; }
    section, figure, tr { break-inside: avoid; }
    thead { display: table-header-group; }
    .pair { grid-template-columns: 1fr 1fr; }
  }
  @media (max-width: 700px) { .page { padding: 20px; margin: 0; } .pair { grid-template-columns: 1fr; } table { display: block; overflow-x: auto; } }
`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const text = (value: string | null | undefined) => escapeHtml(value ?? NO_VALUE);

function page(title: string, brand: ReportBrand, body: string, generatedAt: string): string {
  const logo = brand.logo
    ? `<img alt="" src="data:${brand.logo.media_type};base64,${brand.logo.data_base64}">`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="page">
<header class="brand">${logo}<span>${escapeHtml(brand.display_name)}</span></header>
<main>
${body}
</main>
<footer>Generated ${escapeHtml(generatedText(generatedAt))}. Counts are by UTC calendar day.</footer>
</div>
</body>
</html>
`;
}

function summaryTable(report: Parameters<typeof summaryRows>[0], comparisonLabel: string): string {
  const rows = summaryRows(report)
    .map((row) => {
      const cells =
        report.previous === null
          ? ''
          : `<td class="n">${row.previous}</td><td class="n ${trendClass(row.trend)}">${escapeHtml(row.change)}</td>`;
      return `<tr><td>${escapeHtml(row.label)}</td><td class="n">${row.current}</td>${cells}</tr>`;
    })
    .join('');
  const head =
    report.previous === null
      ? '<th class="n">This period</th>'
      : `<th class="n">This period</th><th class="n">${escapeHtml(comparisonLabel)}</th><th class="n">Change</th>`;
  return `<table class="summary"><thead><tr><th>Count</th>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function trendClass(trend: number): string {
  return trend > 0 ? 'up' : trend < 0 ? 'down' : '';
}

function comparisonLabel(comparison: SiteReportDto['comparison']): string {
  if (comparison === null) return '';
  return comparison.kind === 'previous_year' ? 'A year earlier' : 'Previous period';
}

function periodLine(report: Pick<SiteReportDto, 'period' | 'comparison'>): string {
  const { period, comparison } = report;
  const parts = [
    `<span>${escapeHtml(dayText(period.from))} – ${escapeHtml(dayText(period.to))} (${count(period.days)} days)</span>`,
  ];
  if (comparison !== null) {
    parts.push(
      `<span>compared with ${escapeHtml(periodText(comparison))} (${count(comparison.days)} days)</span>`,
    );
  }
  return parts.join(' · ');
}

/** A site report as a page. */
export function siteReportHtml(
  report: SiteReportDto,
  charts: ReportCharts,
  brand: ReportBrand,
): string {
  const name = report.site.name ?? `Site ${report.site.id}`;
  const title = `${name}: ${periodText(report.period)}`;
  const domains = report.top_referring_domains
    .map(
      (row) =>
        `<tr><td class="url">${text(row.source_domain)}</td><td class="n">${count(row.backlinks)}</td><td>${row.first_seen ? 'New' : ''}</td></tr>`,
    )
    .join('');
  const pages = report.top_linked_pages
    .map(
      (row) =>
        `<tr><td class="url">${text(row.target_url)}</td><td class="n">${count(row.backlinks)}</td><td class="n">${row.article_id ?? ''}</td></tr>`,
    )
    .join('');
  const articles = report.articles_published.items
    .map(
      (article) =>
        `<tr><td class="date">${article.published_at ? escapeHtml(article.published_at.slice(0, 10)) : ''}</td><td>${text(article.title)}</td><td>${text(article.status)}</td><td class="url">${text(article.url)}</td></tr>`,
    )
    .join('');
  const listed = report.articles_published.items.length;
  const edits = (Object.keys(ORIGIN_LABELS) as Array<keyof typeof ORIGIN_LABELS>)
    .map(
      (origin) =>
        `<tr><td>${ORIGIN_LABELS[origin]}</td><td class="n">${count(report.edits.by_origin[origin])}</td></tr>`,
    )
    .join('');
  const body = `
<h1>${text(name)}</h1>
<p class="meta">${report.site.website_url ? `<span>${text(report.site.website_url)}</span> · ` : ''}<strong>${escapeHtml(periodText(report.period))}</strong></p>
<p class="meta">${periodLine(report)}</p>

<section>
<h2>Summary</h2>
${summaryTable(report, comparisonLabel(report.comparison))}
</section>

<section>
<h2>${COUNT_LABELS.backlinks_acquired} each day</h2>
<figure>${charts.daily}</figure>
</section>

<section class="pair">
<div><h2>By anchor type</h2>${report.backlinks_by_anchor_type.length ? `<figure>${charts.anchorTypes}</figure>` : '<p class="note">No backlinks in this period.</p>'}</div>
<div><h2>By status</h2>${report.backlinks_by_status.length ? `<figure>${charts.statuses}</figure>` : '<p class="note">No backlinks in this period.</p>'}</div>
</section>

<section>
<h2>Top referring domains</h2>
${domains ? `<table><thead><tr><th>Domain</th><th class="n">Backlinks</th><th>First link</th></tr></thead><tbody>${domains}</tbody></table>` : '<p class="note">No referring domains in this period.</p>'}
</section>

<section>
<h2>Top linked pages</h2>
${pages ? `<table><thead><tr><th>Page</th><th class="n">Backlinks</th><th class="n">Article</th></tr></thead><tbody>${pages}</tbody></table>` : '<p class="note">No linked pages in this period.</p>'}
</section>

<section>
<h2>${COUNT_LABELS.articles_published}: ${count(report.articles_published.total)}</h2>
${articles ? `<table><thead><tr><th>Published</th><th>Title</th><th>Status</th><th>URL</th></tr></thead><tbody>${articles}</tbody></table>` : '<p class="note">No articles published in this period.</p>'}
${listed < report.articles_published.total ? `<p class="note">The first ${count(listed)} of ${count(report.articles_published.total)} are listed.</p>` : ''}
</section>

<section>
<h2>Edits made: ${count(report.edits.total)}</h2>
<table><thead><tr><th>Made through</th><th class="n">Revisions</th></tr></thead><tbody>${edits}</tbody></table>
</section>`;
  return page(title, brand, body, report.generated_at);
}

/** An account report (one page of its sites) as a page. */
export function accountReportHtml(
  report: AccountReportDto,
  brand: ReportBrand,
  generatedAt: string,
): string {
  const { meta } = report;
  const title = `All websites: ${periodText(meta.period)}`;
  const compared = meta.comparison !== null;
  const rows = report.data
    .map((row) => {
      const cells = [
        `<td>${text(row.site.name)}<br><span class="note">${text(row.site.website_url)}</span></td>`,
        `<td class="n">${count(row.summary.articles_published)}</td>`,
        `<td class="n">${count(row.summary.backlinks_acquired)}</td>`,
        `<td class="n">${count(row.summary.backlinks_industry)}</td>`,
        `<td class="n">${count(row.summary.backlinks_local)}</td>`,
      ];
      if (compared && row.change !== null) {
        cells.push(`<td class="n">${escapeHtml(changeText(row.change.backlinks_acquired))}</td>`);
      }
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('');
  const pageNote =
    meta.last_page > 1
      ? `<p class="note">Websites ${count((meta.page - 1) * meta.per_page + 1)} to ${count(Math.min(meta.total, meta.page * meta.per_page))} of ${count(meta.total)} (page ${count(meta.page)} of ${count(meta.last_page)}). The totals cover every website.</p>`
      : '';
  const body = `
<h1>All websites</h1>
<p class="meta"><strong>${escapeHtml(periodText(meta.period))}</strong></p>
<p class="meta">${periodLine(meta)}</p>

<section>
<h2>Totals over ${count(meta.total)} websites</h2>
${summaryTable({ summary: meta.totals, previous: null, change: null }, '')}
</section>

<section>
<h2>By website</h2>
${rows ? `<table><thead><tr><th>Website</th><th class="n">Articles</th><th class="n">Backlinks</th><th class="n">Industry</th><th class="n">Local</th>${compared ? '<th class="n">Backlinks change</th>' : ''}</tr></thead><tbody>${rows}</tbody></table>` : '<p class="note">No websites on this page.</p>'}
${pageNote}
</section>`;
  return page(title, brand, body, generatedAt);
}
