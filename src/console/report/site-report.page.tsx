import type { FC } from 'hono/jsx';
import type { ArticleDto } from '../../articles/index.js';
import {
  COUNT_LABELS,
  COUNT_NAMES,
  NO_VALUE,
  ORIGIN_LABELS,
  changeText,
  count,
  periodText,
  type ReportBrand,
  type ReportCharts,
  type SiteReportDto,
} from '../../report/index.js';
import type { SiteDto } from '../../sites/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { Day, Empty, OutLink } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { type Column, Table } from '../views/table.js';
import { BrandLine, Downloads, ReportPicker } from './report-picker.js';
import type { ReportChoice } from './report-choice.js';

type Report = SiteReportDto;
type CountName = (typeof COUNT_NAMES)[number];

/** A chart made on the server (Vega-Lite's SVG, as in the HTML and PDF reports), as an image. */
const Chart: FC<{ svg: string; label: string }> = ({ svg, label }) => (
  <img
    class="chart"
    alt={label}
    src={`data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`}
  />
);

/** `+5 (+27.8 %)` coloured by its direction. */
export const Change: FC<{ change: { absolute: number; percent: number | null } }> = ({
  change,
}) => (
  <span class={change.absolute > 0 ? 'up' : change.absolute < 0 ? 'down' : 'muted'}>
    {changeText(change)}
  </span>
);

function summaryColumns(report: Report): Array<Column<CountName>> {
  const columns: Array<Column<CountName>> = [
    { header: 'Count', key: true, cell: (name) => COUNT_LABELS[name] },
    { header: 'This period', numeric: true, cell: (name) => count(report.summary[name]) },
  ];
  const { previous, change, comparison } = report;
  if (previous !== null && change !== null) {
    columns.push(
      {
        header: comparison?.kind === 'previous_year' ? 'A year earlier' : 'Previous period',
        numeric: true,
        cell: (name) => count(previous[name]),
      },
      { header: 'Change', numeric: true, cell: (name) => <Change change={change[name]} /> },
    );
  }
  return columns;
}

const DOMAIN_COLUMNS: Array<Column<Report['top_referring_domains'][number]>> = [
  { header: 'Domain', key: true, class: 'wrap', cell: (row) => row.source_domain ?? NO_VALUE },
  { header: 'Backlinks', numeric: true, cell: (row) => count(row.backlinks) },
  { header: 'First link', cell: (row) => (row.first_seen ? 'New' : '') },
];

const PAGE_COLUMNS: Array<Column<Report['top_linked_pages'][number]>> = [
  { header: 'Page', key: true, class: 'wrap', cell: (row) => <OutLink href={row.target_url} /> },
  { header: 'Backlinks', numeric: true, cell: (row) => count(row.backlinks) },
  {
    header: 'Article',
    cell: (row) =>
      row.article_id === null ? (
        <span class="muted">—</span>
      ) : (
        <a href={`/console/articles/${row.article_id}`}>Article {row.article_id}</a>
      ),
  },
];

const ARTICLE_COLUMNS: Array<Column<ArticleDto>> = [
  {
    header: 'Title',
    key: true,
    cell: (article) => (
      <a href={`/console/articles/${article.id}`}>{article.title ?? `Article ${article.id}`}</a>
    ),
  },
  { header: 'Published', cell: (article) => <Day value={article.published_at} /> },
  { header: 'Status', cell: (article) => article.status ?? NO_VALUE },
];

type Origin = keyof typeof ORIGIN_LABELS;

const DAILY_COLUMNS: Array<Column<Report['daily'][number]>> = [
  { header: 'Day', key: true, cell: (day) => <Day value={day.date} /> },
  ...COUNT_NAMES.map((name): Column<Report['daily'][number]> => ({
    header: COUNT_LABELS[name],
    numeric: true,
    cell: (day) => count(day[name]),
  })),
];

export interface SiteReportPageProps {
  page: PageContext;
  site: SiteDto;
  choice: ReportChoice;
  brand: ReportBrand;
  /** The report and its charts; none when the choice was refused (`error` says why). */
  shown?: { report: Report; charts: ReportCharts };
  error?: string;
}

/** A site's report in the console: what the PDF holds, with the period picker and the files. */
export const SiteReportPage: FC<SiteReportPageProps> = ({
  page,
  site,
  choice,
  brand,
  shown,
  error,
}) => {
  const name = site.name ?? `Site ${site.id}`;
  const base = `/console/sites/${site.id}/report`;
  return (
    <Layout title={`Report: ${name}`} page={page} section="report">
      <p class="crumbs">
        <a href="/console">Overview</a> / <a href={`/console/sites/${site.id}`}>{name}</a> / Report
      </p>
      <BrandLine brand={brand} />
      <h1>Report: {name}</h1>
      {shown ? <ReportLead report={shown.report} /> : null}
      <ReportPicker action={base} choice={choice} error={error} />
      {shown ? (
        <ReportBody report={shown.report} charts={shown.charts} base={base} choice={choice} />
      ) : null}
    </Layout>
  );
};

const ReportLead: FC<{ report: Report }> = ({ report }) => (
  <p class="lead">
    <strong>{periodText(report.period)}</strong> ({count(report.period.days)} days)
    {report.comparison
      ? `, compared with ${periodText(report.comparison)} (${count(report.comparison.days)} days)`
      : ''}
    . Counts are by UTC calendar day.
  </p>
);

const ReportBody: FC<{
  report: Report;
  charts: ReportCharts;
  base: string;
  choice: ReportChoice;
}> = ({ report, charts, base, choice }) => {
  const listed = report.articles_published.items.length;
  const noBacklinks = <p class="hint">No backlinks acquired in this period.</p>;
  return (
    <>
      <Downloads base={base} choice={choice} />
      <h2>Summary</h2>
      <Table columns={summaryColumns(report)} rows={COUNT_NAMES} />

      <h2>{COUNT_LABELS.backlinks_acquired} each day</h2>
      <figure class="chart-box">
        <Chart
          svg={charts.daily}
          label="Backlinks acquired each day, industry and local stacked; the numbers are under Daily numbers below."
        />
      </figure>
      <details class="source">
        <summary>Daily numbers</summary>
        <Table columns={DAILY_COLUMNS} rows={report.daily} />
      </details>

      <div class="chart-pair">
        <section>
          <h2>By anchor type</h2>
          {report.backlinks_by_anchor_type.length > 0 ? (
            <figure class="chart-box">
              <Chart
                svg={charts.anchorTypes}
                label={report.backlinks_by_anchor_type
                  .map((row) => `${row.anchor_type ?? NO_VALUE}: ${count(row.count)}`)
                  .join(', ')}
              />
            </figure>
          ) : (
            noBacklinks
          )}
        </section>
        <section>
          <h2>By status</h2>
          {report.backlinks_by_status.length > 0 ? (
            <figure class="chart-box">
              <Chart
                svg={charts.statuses}
                label={report.backlinks_by_status
                  .map((row) => `${row.status ?? NO_VALUE}: ${count(row.count)}`)
                  .join(', ')}
              />
            </figure>
          ) : (
            noBacklinks
          )}
        </section>
      </div>

      <h2>Top referring domains</h2>
      <Table
        columns={DOMAIN_COLUMNS}
        rows={report.top_referring_domains}
        empty={<Empty title="No referring domains in this period" />}
      />

      <h2>Top linked pages</h2>
      <Table
        columns={PAGE_COLUMNS}
        rows={report.top_linked_pages}
        empty={<Empty title="No linked pages in this period" />}
      />

      <h2>
        {COUNT_LABELS.articles_published}: {count(report.articles_published.total)}
      </h2>
      <Table
        columns={ARTICLE_COLUMNS}
        rows={report.articles_published.items}
        empty={<Empty title="No articles published in this period" />}
      />
      {listed < report.articles_published.total ? (
        <p class="hint">
          The first {count(listed)} of {count(report.articles_published.total)} are listed.
        </p>
      ) : null}

      <h2>Edits made: {count(report.edits.total)}</h2>
      <Table
        columns={[
          { header: 'Made through', key: true, cell: (origin: Origin) => ORIGIN_LABELS[origin] },
          {
            header: 'Revisions',
            numeric: true,
            cell: (origin: Origin) => count(report.edits.by_origin[origin]),
          },
        ]}
        rows={Object.keys(ORIGIN_LABELS) as Origin[]}
      />
    </>
  );
};
