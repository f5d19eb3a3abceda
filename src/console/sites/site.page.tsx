import type { FC } from 'hono/jsx';
import type { ArticleDto } from '../../articles/dto/article.dto.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import type { SiteDto } from '../../sites/dto/site.dto.js';
import { Day, Empty, OutLink, Pager, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';

export interface SitePageProps {
  user: SignedInUser;
  csrf: string;
  site: SiteDto;
  articles: ArticleDto[];
  lastChanges: Map<number, Date>;
  pager: { summary: string; previous: string | null; next: string | null };
}

export const SitePage: FC<SitePageProps> = ({ user, csrf, site, articles, lastChanges, pager }) => (
  <Layout title={site.name ?? `Site ${site.id}`} user={user} csrf={csrf} section="overview">
    <p class="crumbs">
      <a href="/console">Overview</a> / Site
    </p>
    <h1>{site.name ?? `Site ${site.id}`}</h1>
    <p class="lead">
      <OutLink href={site.website_url} />
    </p>
    <dl class="facts">
      <div>
        <dt>Language</dt>
        <dd>{site.language ?? '—'}</dd>
      </div>
      <div>
        <dt>Country</dt>
        <dd>{site.country ?? '—'}</dd>
      </div>
      <div>
        <dt>Scope</dt>
        <dd>{site.geographic_scope ?? '—'}</dd>
      </div>
      <div>
        <dt>Industry</dt>
        <dd>{site.industry ?? '—'}</dd>
      </div>
    </dl>
    <h2>Articles</h2>
    {articles.length === 0 ? (
      <Empty title="No articles on this page">
        <p>Articles published for this site appear here.</p>
      </Empty>
    ) : (
      <>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Published</th>
                <th scope="col" class="num">
                  Words
                </th>
                <th scope="col">Last change</th>
              </tr>
            </thead>
            <tbody>
              {articles.map((article) => (
                <tr>
                  <td>
                    <a href={`/console/articles/${article.id}`}>
                      {article.title ?? `Article ${article.id}`}
                    </a>
                  </td>
                  <td>{article.status ?? '—'}</td>
                  <td>
                    <Day value={article.published_at} />
                  </td>
                  <td class="num">{article.word_count?.toLocaleString('en') ?? '—'}</td>
                  <td>
                    <Time value={lastChanges.get(article.id)} />
                  </td>
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
