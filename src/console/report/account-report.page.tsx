import type { FC } from 'hono/jsx';
import {
  type AccountReportDto,
  type AccountReportRowDto,
  COUNT_LABELS,
  COUNT_NAMES,
  count,
  periodText,
  type ReportBrand,
} from '../../report/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { Empty, Fact, Notice, type PagerProps } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { type Column, Table } from '../views/table.js';
import { nextSort, type SortKey, type SortOrder } from './account-report-sort.js';
import { choiceSearch, type ReportChoice } from './report-choice.js';
import { BrandLine, Downloads, ReportPicker } from './report-picker.js';
import { Change } from './site-report.page.js';

/** Websites a downloaded account report holds: the API's largest page. */
export const SITES_PER_FILE = 100;

const SHORT_LABELS: Record<(typeof COUNT_NAMES)[number], string> = {
  articles_published: 'Articles',
  backlinks_acquired: 'Backlinks',
  backlinks_industry: 'Industry',
  backlinks_local: 'Local',
};

export interface AccountReportPageProps {
  page: PageContext;
  choice: ReportChoice;
  brand: ReportBrand;
  /** The sites of this page, sorted, with the whole account's meta; none when the choice was refused. */
  shown?: { rows: AccountReportRowDto[]; meta: AccountReportDto['meta']; pager: PagerProps };
  order: SortOrder;
  error?: string;
}

function columns(choice: ReportChoice, order: SortOrder, compared: boolean) {
  const sortable = (key: SortKey) => {
    const next = nextSort(order, key);
    return {
      href: `/console/report?${choiceSearch(choice, { sort: next.key, dir: next.direction })}`,
      current:
        order.key === key ? (order.direction === 'asc' ? 'ascending' : 'descending') : undefined,
    } as const;
  };
  const site = `?${choiceSearch(choice)}`;
  const list: Array<Column<AccountReportRowDto>> = [
    {
      header: 'Website',
      key: true,
      sort: sortable('site'),
      cell: (row) => (
        <a href={`/console/sites/${row.site.id}/report${site}`}>
          {row.site.name ?? `Site ${row.site.id}`}
        </a>
      ),
    },
  ];
  for (const name of COUNT_NAMES) {
    list.push({
      header: SHORT_LABELS[name],
      numeric: true,
      sort: sortable(name),
      cell: (row) => count(row.summary[name]),
    });
    if (compared) {
      list.push({
        header: 'Change',
        numeric: true,
        class: 'nowrap',
        sort: sortable(`${name}_change`),
        cell: (row) => (row.change ? <Change change={row.change[name]} /> : ''),
      });
    }
  }
  return list;
}

/** Every website of the account for a period, sortable by each count and change. */
export const AccountReportPage: FC<AccountReportPageProps> = ({
  page,
  choice,
  brand,
  shown,
  order,
  error,
}) => {
  const owner = page.user.role === 'owner';
  return (
    <Layout title="Report" page={page} section="report">
      <BrandLine brand={brand} />
      <h1>Report: all websites</h1>
      {page.notice ? <Notice tone="ok">{page.notice}</Notice> : null}
      {shown ? (
        <p class="lead">
          <strong>{periodText(shown.meta.period)}</strong> ({count(shown.meta.period.days)} days)
          {shown.meta.comparison
            ? `, compared with ${periodText(shown.meta.comparison)} (${count(shown.meta.comparison.days)} days)`
            : ''}
          . Counts are by UTC calendar day.
        </p>
      ) : null}
      <ReportPicker action="/console/report" choice={choice} error={error} />
      {shown ? <Sites shown={shown} choice={choice} order={order} /> : null}
      <h2>White label</h2>
      <p>
        The HTML and PDF reports, and these pages, say they are from{' '}
        <strong>{brand.display_name}</strong>
        {brand.logo ? ', with its logo' : ', without a logo'}.{' '}
        {owner ? (
          <a href="/console/report/brand">Change the name or logo</a>
        ) : (
          'Owners of the account can change the name and logo.'
        )}
      </p>
    </Layout>
  );
};

const Sites: FC<{
  shown: NonNullable<AccountReportPageProps['shown']>;
  choice: ReportChoice;
  order: SortOrder;
}> = ({ shown, choice, order }) => {
  const { meta, rows, pager } = shown;
  const files = Math.max(1, Math.ceil(meta.total / SITES_PER_FILE));
  return (
    <>
      {files === 1 ? (
        <Downloads base="/console/report" choice={choice} />
      ) : (
        Array.from({ length: files }, (_, i) => (
          <>
            <p class="hint">
              Websites {count(i * SITES_PER_FILE + 1)} to{' '}
              {count(Math.min(meta.total, (i + 1) * SITES_PER_FILE))} of {count(meta.total)} (by
              id):
            </p>
            <Downloads base="/console/report" choice={choice} extra={{ part: String(i + 1) }} />
          </>
        ))
      )}
      <h2>Totals over {count(meta.total)} websites</h2>
      <dl class="facts">
        {COUNT_NAMES.map((name) => (
          <Fact label={COUNT_LABELS[name]}>{count(meta.totals[name])}</Fact>
        ))}
      </dl>
      <h2>By website</h2>
      <Table
        columns={columns(choice, order, meta.comparison !== null)}
        rows={rows}
        rowId={(row) => `site-${row.site.id}`}
        pager={pager}
        empty={
          <Empty title="No websites">
            <p>The websites of the account appear here once it has some.</p>
          </Empty>
        }
      />
    </>
  );
};
