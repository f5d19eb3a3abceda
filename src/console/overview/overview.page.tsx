import type { FC } from 'hono/jsx';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { planName } from '../account-access.js';
import { AccountAccessNotice } from '../views/account-access-notice.js';
import { Badge, Empty, OutLink, Pager } from '../views/components.js';
import { Layout } from '../views/layout.js';
import type { AccountFigures, SiteSummary } from './overview.reads.js';

export interface OverviewPageProps {
  user: SignedInUser;
  csrf: string;
  figures: AccountFigures;
  sites: SiteSummary[];
  pager: { summary: string; previous: string | null; next: string | null };
}

export const OverviewPage: FC<OverviewPageProps> = ({ user, csrf, figures, sites, pager }) => (
  <Layout title="Overview" user={user} csrf={csrf} section="overview">
    <h1>{user.account.name}</h1>
    <p class="lead">Everything on your account: its sites, keys and what they have been doing.</p>
    <AccountAccessNotice account={user.account} />
    <dl class="facts">
      <div>
        <dt>Plan</dt>
        <dd>{planName(user.account.plan)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          {user.account.status === 'active' ? (
            <Badge tone="ok">Active</Badge>
          ) : (
            <Badge tone="bad">Suspended</Badge>
          )}
        </dd>
      </div>
      <div>
        <dt>Sites</dt>
        <dd>{figures.sites.toLocaleString('en')}</dd>
      </div>
      <div>
        <dt>Active API keys</dt>
        <dd>
          <a href="/console/connection">{figures.active_keys.toLocaleString('en')}</a>
        </dd>
      </div>
      <div>
        <dt>Calls, last 24 h</dt>
        <dd>
          <a href="/console/activity">{figures.calls_24h.toLocaleString('en')}</a>
        </dd>
      </div>
    </dl>

    <h2>Sites</h2>
    {sites.length === 0 ? (
      <Empty title="No sites yet">
        <p>Sites appear here once they are imported into your account.</p>
      </Empty>
    ) : (
      <>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Site</th>
                <th scope="col">Website</th>
                <th scope="col" class="num">
                  Articles
                </th>
                <th scope="col" class="num">
                  Backlinks
                </th>
              </tr>
            </thead>
            <tbody>
              {sites.map((site) => (
                <tr>
                  <td>
                    <a href={`/console/sites/${site.id}`}>{site.name ?? `Site ${site.id}`}</a>
                  </td>
                  <td>
                    <OutLink href={site.website_url} />
                  </td>
                  <td class="num">{site.articles.toLocaleString('en')}</td>
                  <td class="num">{site.backlinks.toLocaleString('en')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager {...pager} />
      </>
    )}
  </Layout>
);
