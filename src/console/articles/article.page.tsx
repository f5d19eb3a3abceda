import type { FC } from 'hono/jsx';
import type { ArticleWithBodyDto } from '../../articles/dto/article-with-body.dto.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { Badge, Day, Notice, OutLink, Pager, Time } from '../views/components.js';
import { FeaturedImage } from '../views/featured-image.js';
import { Layout } from '../views/layout.js';
import { actorOf, Who } from '../views/who.js';
import { ArticleBody, originLabel, ProtectedLinksTable } from './article-views.js';
import type { ArticleSite, RevisionRow } from './article.reads.js';

export interface ArticlePageProps {
  user: SignedInUser;
  csrf: string;
  article: ArticleWithBodyDto;
  site: ArticleSite;
  revisions: RevisionRow[];
  pager: { summary: string; previous: string | null; next: string | null };
  ownOrigins: string[];
  notice?: string;
}

export const ArticlePage: FC<ArticlePageProps> = (props) => {
  const { user, csrf, article, site, revisions, pager, ownOrigins, notice } = props;
  const title = article.title ?? `Article ${article.id}`;
  return (
    <Layout title={title} user={user} csrf={csrf} section="overview">
      <p class="crumbs">
        <a href="/console">Overview</a> /{' '}
        <a href={`/console/sites/${site.id}`}>{site.name ?? `Site ${site.id}`}</a> / Article
      </p>
      <h1>{title}</h1>
      <p class="lead">
        <OutLink href={article.url} />
      </p>
      {notice ? <Notice tone="ok">{notice}</Notice> : null}
      <dl class="facts">
        <div>
          <dt>Status</dt>
          <dd>{article.status ?? '—'}</dd>
        </div>
        <div>
          <dt>Published</dt>
          <dd>
            <Day value={article.published_at} />
          </dd>
        </div>
        <div>
          <dt>Words</dt>
          <dd>{article.word_count?.toLocaleString('en') ?? '—'}</dd>
        </div>
        <div>
          <dt>Target keyword</dt>
          <dd>{article.target_keyword ?? '—'}</dd>
        </div>
      </dl>
      <h2>Featured image</h2>
      <div class="card">
        <FeaturedImage url={article.featured_image_url} ownOrigins={ownOrigins} />
      </div>
      <h2>Body</h2>
      <ArticleBody
        frameSrc={`/console/articles/${article.id}/body`}
        body={article.body}
        label="Article body"
      />
      <h2>Protected links</h2>
      <p class="hint">
        Inserted backlinks and internal links: every edit and restore must keep them as they are.
      </p>
      <ProtectedLinksTable links={article.protected_links} />
      <h2 id="revisions">Revisions</h2>
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Time</th>
              <th scope="col">Origin</th>
              <th scope="col">Reason</th>
              <th scope="col">Who</th>
              <th scope="col">
                <span class="muted">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision) => (
              <tr id={`revision-${revision.number}`}>
                <td class="num">{revision.number}</td>
                <td>
                  <Time value={revision.created_at} />
                </td>
                <td>{originLabel(revision.origin)}</td>
                <td>{revision.reason ?? <span class="muted">—</span>}</td>
                <td>
                  <Who actor={actorOf(revision)} />
                </td>
                <td>
                  <RevisionActions articleId={article.id} revision={revision} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager {...pager} />
    </Layout>
  );
};

export const RevisionActions: FC<{ articleId: number; revision: RevisionRow }> = ({
  articleId,
  revision,
}) => {
  const base = `/console/articles/${articleId}/revisions/${revision.number}`;
  return (
    <div class="actions">
      <a class="button secondary small" href={base}>
        View
      </a>
      {revision.current ? (
        <Badge tone="info">Current content</Badge>
      ) : (
        <>
          <a class="button secondary small" href={`${base}/compare`}>
            Compare with current
          </a>
          <a class="button secondary small" href={`${base}/restore`}>
            Restore
          </a>
        </>
      )}
    </div>
  );
};
