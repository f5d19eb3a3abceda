import { breakdownChart, dailyChart } from './charts.js';
import { h } from './dom.js';
import { periodLabel, shortDay } from './periods.js';
import type { Change, CountName, SiteReport } from './types.js';

/** The report as the chat shows it: headline counts, two charts, the ranked tables. */

const NUMBER = new Intl.NumberFormat('en-US');

const COUNTS: Array<[CountName, string]> = [
  ['articles_published', 'Articles published'],
  ['backlinks_acquired', 'Backlinks acquired'],
  ['backlinks_industry', 'Industry backlinks'],
  ['backlinks_local', 'Local backlinks'],
];

const COMPARISON_NAMES = {
  previous_period: 'the previous period',
  previous_year: 'a year earlier',
};

function changeBadge(change: Change | undefined): HTMLElement | null {
  if (change === undefined) return null;
  const direction = change.absolute > 0 ? 'up' : change.absolute < 0 ? 'down' : 'flat';
  const sign = change.absolute > 0 ? '+' : change.absolute < 0 ? '−' : '±';
  const amount = `${sign}${NUMBER.format(Math.abs(change.absolute))}`;
  const percent =
    change.percent === null
      ? change.absolute === 0
        ? ''
        : ' (new)'
      : ` (${change.percent > 0 ? '+' : change.percent < 0 ? '−' : ''}${Math.abs(change.percent)}%)`;
  return h('span', { class: `change ${direction}` }, amount + percent);
}

export function subtitle(report: SiteReport): string {
  const period = periodLabel(report.period);
  if (report.comparison === null) return `${period} · no comparison`;
  return `${period} · compared with ${COMPARISON_NAMES[report.comparison.kind]} (${periodLabel(report.comparison)})`;
}

function tiles(report: SiteReport): HTMLElement {
  return h(
    'section',
    { class: 'tiles', 'aria-label': 'Counts' },
    ...COUNTS.map(([name, label]) =>
      h(
        'div',
        { class: 'tile' },
        h('div', { class: 'label' }, label),
        h('div', { class: 'value' }, NUMBER.format(report.summary[name])),
        changeBadge(report.change?.[name]),
      ),
    ),
  );
}

function table(
  caption: string,
  headers: string[],
  rows: Array<Array<Node | string>>,
  empty: string,
) {
  if (rows.length === 0) {
    return h(
      'section',
      { class: 'table' },
      h('h2', {}, caption),
      h('p', { class: 'muted' }, empty),
    );
  }
  return h(
    'section',
    { class: 'table' },
    h('h2', {}, caption),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, ...headers.map((header) => h('th', { scope: 'col' }, header)))),
      h(
        'tbody',
        {},
        ...rows.map((cells) => h('tr', {}, ...cells.map((cell) => h('td', {}, cell)))),
      ),
    ),
  );
}

/** The address without its scheme: shorter in a narrow chat, the whole address in the tooltip. */
function address(url: string): HTMLElement {
  return h('span', { class: 'url', title: url }, url.replace(/^https?:\/\//, ''));
}

export function reportView(report: SiteReport): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const { edits } = report;
  const origins = Object.entries(edits.by_origin)
    .filter(([, count]) => count > 0)
    .map(([origin, count]) => `${origin} ${NUMBER.format(count)}`)
    .join(', ');
  const articles = report.articles_published;
  fragment.append(
    tiles(report),
    h(
      'section',
      { class: 'charts' },
      dailyChart(report),
      breakdownChart(
        'Backlinks by anchor type',
        report.backlinks_by_anchor_type.map((entry) => ({
          label: entry.anchor_type ?? '(none)',
          count: entry.count,
        })),
      ),
    ),
    table(
      'Top referring domains',
      ['Domain', 'Backlinks'],
      report.top_referring_domains.map((domain) => [
        h(
          'span',
          {},
          domain.source_domain,
          domain.first_seen ? h('span', { class: 'tag' }, 'new') : null,
        ),
        NUMBER.format(domain.backlinks),
      ]),
      'No referring domains in the period.',
    ),
    table(
      'Top linked pages',
      ['Page', 'Backlinks'],
      report.top_linked_pages.map((page) => [
        address(page.target_url),
        NUMBER.format(page.backlinks),
      ]),
      'No pages gained backlinks in the period.',
    ),
    table(
      `Articles published (${NUMBER.format(articles.total)})`,
      ['Title', 'Published'],
      articles.items
        .slice(0, 10)
        .map((article) => [
          article.title ?? '(untitled)',
          article.published_at === null ? '' : shortDay(article.published_at.slice(0, 10)),
        ]),
      'No articles published in the period.',
    ),
    h(
      'p',
      { class: 'muted foot' },
      articles.total > 10
        ? `The table shows 10 of ${NUMBER.format(articles.total)} articles. `
        : '',
      `Edits to the site’s articles: ${NUMBER.format(edits.total)}${origins ? ` (${origins})` : ''}. `,
      `Report computed ${report.generated_at.replace('T', ' ').replace('Z', ' UTC')}.`,
    ),
  );
  return fragment;
}
