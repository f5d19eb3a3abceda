import { h } from './dom.js';
import { shortDay } from './periods.js';
import type { SiteReport } from './types.js';

/**
 * The report's two charts, drawn with HTML and CSS (bars are boxes sized in
 * percent): no chart library to bundle, nothing a strict content policy
 * refuses, and the host's theme colours apply through CSS variables.
 */

const NUMBER = new Intl.NumberFormat('en-US');

interface Bucket {
  label: string;
  industry: number;
  local: number;
}

/** A day a bar up to two months; a week a bar beyond, so bars stay readable in a narrow chat. */
function buckets(report: SiteReport): Bucket[] {
  const days = report.daily;
  const size = days.length > 62 ? 7 : 1;
  const result: Bucket[] = [];
  for (let start = 0; start < days.length; start += size) {
    const slice = days.slice(start, start + size);
    const label =
      size === 1
        ? shortDay(slice[0].date)
        : `${shortDay(slice[0].date)} – ${shortDay(slice[slice.length - 1].date)}`;
    result.push({
      label,
      industry: slice.reduce((sum, day) => sum + day.backlinks_industry, 0),
      local: slice.reduce((sum, day) => sum + day.backlinks_local, 0),
    });
  }
  return result;
}

/** Backlinks acquired per day (or week), industry and local stacked, with the comparison's average. */
export function dailyChart(report: SiteReport): HTMLElement {
  const bars = buckets(report);
  const perBar = report.daily.length > 62 ? 7 : 1;
  const reference =
    report.previous && report.comparison
      ? (report.previous.backlinks_acquired / report.comparison.days) * perBar
      : undefined;
  const top = Math.max(1, reference ?? 0, ...bars.map((bar) => bar.industry + bar.local));
  const unit = perBar === 1 ? 'day' : 'week';
  const plot = h('div', { class: 'plot' });
  for (const bar of bars) {
    const total = bar.industry + bar.local;
    plot.append(
      h(
        'div',
        {
          class: 'bar',
          title: `${bar.label}: ${total} (${bar.industry} industry, ${bar.local} local)`,
        },
        h('div', { class: 'seg local', style: `height:${(bar.local / top) * 100}%` }),
        h('div', { class: 'seg industry', style: `height:${(bar.industry / top) * 100}%` }),
      ),
    );
  }
  if (reference !== undefined) {
    plot.append(
      h('div', {
        class: 'reference',
        style: `bottom:${(reference / top) * 100}%`,
        title: `Comparison period: ${reference.toFixed(1)} a ${unit}`,
      }),
    );
  }
  const first = bars[0]?.label ?? '';
  const last = bars[bars.length - 1]?.label ?? '';
  return h(
    'figure',
    {
      class: 'chart',
      role: 'img',
      'aria-label': `Backlinks acquired per ${unit}: ${NUMBER.format(report.summary.backlinks_acquired)} in the period.`,
    },
    h('figcaption', {}, `Backlinks acquired per ${unit}`),
    h(
      'div',
      { class: 'plot-frame' },
      h('div', { class: 'axis' }, h('span', {}, NUMBER.format(Math.ceil(top))), h('span', {}, '0')),
      plot,
    ),
    h('div', { class: 'ticks' }, h('span', {}, first), h('span', {}, last)),
    h(
      'div',
      { class: 'legend' },
      h('span', { class: 'key industry' }),
      'Industry',
      h('span', { class: 'key local' }),
      'Local',
      reference === undefined ? null : h('span', { class: 'key reference-key' }),
      reference === undefined ? null : `Comparison average (${reference.toFixed(1)} a ${unit})`,
    ),
  );
}

/** One labelled horizontal bar per entry, largest first (the report's order). */
export function breakdownChart(
  title: string,
  entries: Array<{ label: string; count: number }>,
): HTMLElement {
  const top = Math.max(1, ...entries.map((entry) => entry.count));
  return h(
    'figure',
    { class: 'chart breakdown' },
    h('figcaption', {}, title),
    entries.length === 0
      ? h('p', { class: 'muted' }, 'No backlinks in the period.')
      : h(
          'ul',
          {},
          ...entries.map((entry) =>
            h(
              'li',
              {},
              h('span', { class: 'name' }, entry.label),
              h(
                'span',
                { class: 'track' },
                h('span', { class: 'fill', style: `width:${(entry.count / top) * 100}%` }),
              ),
              h('span', { class: 'count' }, NUMBER.format(entry.count)),
            ),
          ),
        ),
  );
}
