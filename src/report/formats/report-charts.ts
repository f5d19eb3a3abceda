import { Error as LOG_ERRORS_ONLY, logger, parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { SiteReportDto } from '../dto/site-report.dto.js';
import { NO_VALUE, perDay } from './report-text.js';

/** The charts of a site report, as standalone SVG (vector: the HTML inlines it, the PDF draws it). */
export interface ReportCharts {
  daily: string;
  anchorTypes: string;
  statuses: string;
}

/** Points: the PDF's text width on A4 with its margins; the HTML scales the SVG to its column. */
export const CHART_WIDTH = 495;

export const CHART_FONT = 'DejaVu Sans, Helvetica, Arial, sans-serif';

const COLORS = { industry: '#1f5fa8', local: '#f28e2b', reference: '#444444' };

/**
 * The report's charts, drawn by Vega-Lite (compiled to Vega, rendered to
 * SVG headless: no canvas, no browser). Days are UTC calendar days.
 */
export async function reportCharts(report: SiteReportDto): Promise<ReportCharts> {
  const [daily, anchorTypes, statuses] = await Promise.all([
    toSvg(dailyBacklinksSpec(report)),
    toSvg(
      breakdownSpec(
        report.backlinks_by_anchor_type.map((row) => ({ key: row.anchor_type, count: row.count })),
      ),
    ),
    toSvg(
      breakdownSpec(
        report.backlinks_by_status.map((row) => ({ key: row.status, count: row.count })),
      ),
    ),
  ]);
  return { daily, anchorTypes, statuses };
}

/**
 * Backlinks acquired a day, industry and local stacked, with the comparison
 * period's total as a dashed reference: its average a day, so that it sits
 * on the same scale as the bars, labelled with the total.
 */
export function dailyBacklinksSpec(report: SiteReportDto): TopLevelSpec {
  const values = report.daily.flatMap((day) => [
    { date: day.date, category: 'Industry', backlinks: day.backlinks_industry },
    { date: day.date, category: 'Local', backlinks: day.backlinks_local },
  ]);
  const layers: TopLevelSpec[] = [];
  const bars = {
    data: { values },
    mark: { type: 'bar', width: { band: 0.85 } },
    encoding: {
      x: {
        field: 'date',
        type: 'ordinal',
        title: null,
        axis: {
          labelExpr: "timeFormat(toDate(datum.value + 'T00:00:00Z'), '%-d %b')",
          labelAngle: 0,
          labelOverlap: 'greedy',
          labelSeparation: 6,
        },
      },
      y: {
        field: 'backlinks',
        type: 'quantitative',
        aggregate: 'sum',
        stack: 'zero',
        title: 'Backlinks acquired',
        axis: { tickMinStep: 1, format: 'd' },
      },
      color: {
        field: 'category',
        type: 'nominal',
        title: null,
        scale: { domain: ['Industry', 'Local'], range: [COLORS.industry, COLORS.local] },
        legend: { orient: 'top', direction: 'horizontal' },
      },
      order: { field: 'category', sort: 'ascending' },
    },
  };
  layers.push(bars as unknown as TopLevelSpec);
  const previous = report.previous;
  let caption: object | undefined;
  if (previous !== null && report.comparison !== null) {
    const average = previous.backlinks_acquired / report.comparison.days;
    layers.push({
      data: { values: [{ average }] },
      mark: { type: 'rule', strokeDash: [5, 4], color: COLORS.reference, strokeWidth: 1.5 },
      encoding: { y: { field: 'average', type: 'quantitative' } },
    } as unknown as TopLevelSpec);
    caption = {
      text: `Dashed line: the previous period, ${previous.backlinks_acquired.toLocaleString('en-US')} backlinks (${perDay(average)} a day)`,
      orient: 'bottom',
      anchor: 'start',
      fontSize: 10,
      fontWeight: 'normal',
      color: COLORS.reference,
      offset: 8,
    };
  }
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: CHART_WIDTH - 70,
    height: 180,
    background: 'white',
    config: chartConfig(),
    ...(caption ? { title: caption } : {}),
    layer: layers,
  } as unknown as TopLevelSpec;
}

/** A breakdown as horizontal bars, largest first, each labelled with its count. */
export function breakdownSpec(rows: Array<{ key: string | null; count: number }>): TopLevelSpec {
  const values = rows.map((row, order) => ({
    key: row.key ?? NO_VALUE,
    count: row.count,
    order,
  }));
  const y = {
    field: 'key',
    type: 'nominal',
    title: null,
    sort: { field: 'order', order: 'ascending' },
    axis: { labelLimit: 160 },
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 300,
    height: { step: 18 },
    background: 'white',
    config: chartConfig(),
    data: { values },
    layer: [
      {
        mark: { type: 'bar', color: COLORS.industry },
        encoding: {
          y,
          x: {
            field: 'count',
            type: 'quantitative',
            title: 'Backlinks acquired',
            axis: { tickMinStep: 1, format: 'd' },
          },
        },
      },
      {
        mark: { type: 'text', align: 'left', dx: 3, fontSize: 10 },
        encoding: {
          y,
          x: { field: 'count', type: 'quantitative' },
          text: { field: 'count', type: 'quantitative', format: ',d' },
        },
      },
    ],
  } as unknown as TopLevelSpec;
}

/** The look every chart shares: the report's font, axes and legend. */
export function chartConfig() {
  return {
    font: CHART_FONT,
    view: { stroke: null },
    axis: { labelFontSize: 10, titleFontSize: 10, titleFontWeight: 'normal', gridColor: '#e5e5e5' },
    legend: { labelFontSize: 10 },
  };
}

// Vega-Lite warns on stderr about harmless scale merges; the charts' own
// failures still throw, so only errors are worth a line in the server log.
const quietLogger = logger(LOG_ERRORS_ONLY);

/** Any Vega-Lite chart as standalone SVG (the console's charts are drawn here too). */
export async function toSvg(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec, { logger: quietLogger }).spec), {
    renderer: 'none',
    logLevel: LOG_ERRORS_ONLY,
  });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
