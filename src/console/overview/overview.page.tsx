import type { FC } from 'hono/jsx';
import { planName } from '../account-access.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { AccountAccessNotice } from '../views/account-access-notice.js';
import { Badge, Empty, Fact, OutLink, type PagerProps } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { type Column, Table } from '../views/table.js';
import type { DailyStatusCount } from '../../learning-log/index.js';
import { CHART_DAYS } from './calls-chart.js';
import type { AccountFigures, SiteSummary } from './overview.reads.js';

export interface OverviewPageProps {
  page: PageContext;
  figures: AccountFigures;
  /** The last 30 days' calls: the chart as SVG, and its figures for the words beside it. */
  calls: { chart: string; byDay: DailyStatusCount[] };
  sites: SiteSummary[];
  pager: PagerProps;
}

const SITE_COLUMNS: Array<Column<SiteSummary>> = [
  {
    header: 'Site',
    key: true,
    cell: (site) => <a href={`/console/sites/${site.id}`}>{site.name ?? `Site ${site.id}`}</a>,
  },
  { header: 'Website', cell: (site) => <OutLink href={site.website_url} /> },
  { header: 'Articles', numeric: true, cell: (site) => site.articles.toLocaleString('en') },
  { header: 'Backlinks', numeric: true, cell: (site) => site.backlinks.toLocaleString('en') },
];

export const OverviewPage: FC<OverviewPageProps> = ({ page, figures, calls, sites, pager }) => {
  const { account } = page.user;
  return (
    <Layout title="Overview" page={page} section="overview">
      <h1>{account.name}</h1>
      <p class="lead">Everything on your account: its sites, keys and what they have been doing.</p>
      <AccountAccessNotice account={account} />
      <dl class="facts">
        <Fact label="Plan">{planName(account.plan)}</Fact>
        <Fact label="Status">
          {account.status === 'active' ? (
            <Badge tone="ok">Active</Badge>
          ) : (
            <Badge tone="bad">Suspended</Badge>
          )}
        </Fact>
        <Fact label="Sites">{figures.sites.toLocaleString('en')}</Fact>
        <Fact label="Active API keys">
          <a href="/console/connection">{figures.active_keys.toLocaleString('en')}</a>
        </Fact>
        <Fact label="Calls, last 24 h">
          <a href="/console/activity">{figures.calls_24h.toLocaleString('en')}</a>
        </Fact>
      </dl>

      <h2>Calls, last {CHART_DAYS} days</h2>
      <CallsChart {...calls} />

      <h2>Sites</h2>
      <Table
        columns={SITE_COLUMNS}
        rows={sites}
        pager={pager}
        empty={
          <Empty title="No sites yet">
            <p>Sites appear here once they are imported into your account.</p>
          </Empty>
        }
      />
    </Layout>
  );
};

/** The chart, with its figures in words (its text alternative, and for those who read rather than look). */
const CallsChart: FC<OverviewPageProps['calls']> = ({ chart, byDay }) => {
  const byClass = new Map<string, number>();
  for (const row of byDay)
    byClass.set(row.status_class, (byClass.get(row.status_class) ?? 0) + row.calls);
  const total = [...byClass.values()].reduce((sum, calls) => sum + calls, 0);
  const words =
    total === 0
      ? `No API or agent calls in the last ${CHART_DAYS} days.`
      : `${total.toLocaleString('en')} API and agent calls in the last ${CHART_DAYS} days: ${[
          ...byClass,
        ]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, calls]) => `${calls.toLocaleString('en')} ${status}`)
          .join(', ')}.`;
  return (
    <figure class="chart-box">
      <img
        class="chart"
        alt={`Calls a day by status class. ${words}`}
        src={`data:image/svg+xml;base64,${Buffer.from(chart, 'utf8').toString('base64')}`}
      />
      <figcaption class="hint">
        {words} <a href="/console/activity">See the activity log →</a>
      </figcaption>
    </figure>
  );
};
