import type { TopLevelSpec } from 'vega-lite';
import { addDays } from '../../common/dates.js';
import type { DailyStatusCount } from '../../learning-log/index.js';

/** How many days the overview's chart shows, today included. */
export const CHART_DAYS = 30;

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/** Green for answers, grey for redirects and "not modified", amber for refusals, red for failures. */
const CLASS_COLORS = ['#2f8f5b', '#8a94a6', '#d59a1c', '#c8383b'];

/** The first day the chart shows, for `today` (UTC). */
export function chartStart(today: string): string {
  return addDays(today, -(CHART_DAYS - 1));
}

/** Every day of the chart and class, zero where there were no calls, so that the axis never skips a day. */
export function chartValues(
  counts: DailyStatusCount[],
  today: string,
): Array<{ day: string; status: string; calls: number }> {
  const found = new Map(counts.map((row) => [`${row.day} ${row.status_class}`, row.calls]));
  const values = [];
  for (let day = chartStart(today); day <= today; day = addDays(day, 1)) {
    for (const status of STATUS_CLASSES) {
      values.push({ day, status, calls: found.get(`${day} ${status}`) ?? 0 });
    }
  }
  return values;
}

/**
 * The account's API and agent calls a day over the last 30 days, stacked by
 * status class, as Vega-Lite (drawn to SVG by the report's renderer).
 */
export function callsChartSpec(counts: DailyStatusCount[], today: string): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 640,
    height: 180,
    background: 'white',
    config: {
      font: 'DejaVu Sans, Helvetica, Arial, sans-serif',
      view: { stroke: null },
      axis: {
        labelFontSize: 10,
        titleFontSize: 10,
        titleFontWeight: 'normal',
        gridColor: '#e5e5e5',
      },
      legend: { labelFontSize: 10 },
    },
    data: { values: chartValues(counts, today) },
    mark: { type: 'bar', width: { band: 0.85 } },
    encoding: {
      x: {
        field: 'day',
        type: 'ordinal',
        title: null,
        axis: {
          labelExpr: "utcFormat(toDate(datum.value + 'T00:00:00Z'), '%-d %b')",
          labelAngle: 0,
          labelOverlap: 'greedy',
          labelSeparation: 8,
        },
      },
      y: {
        field: 'calls',
        type: 'quantitative',
        aggregate: 'sum',
        stack: 'zero',
        title: 'Calls a day',
        axis: { tickMinStep: 1, format: 'd' },
      },
      color: {
        field: 'status',
        type: 'nominal',
        title: null,
        scale: { domain: [...STATUS_CLASSES], range: CLASS_COLORS },
        legend: { orient: 'top', direction: 'horizontal' },
      },
      order: { field: 'status', sort: 'ascending' },
    },
  } as unknown as TopLevelSpec;
}
