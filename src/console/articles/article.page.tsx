import type { FC } from 'hono/jsx';
import { articleEtag, type ArticleWithBodyDto } from '../../articles/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { Badge, Day, Fact, Notice, OutLink, type PagerProps, Time } from '../views/components.js';
import { FeaturedImage } from '../views/featured-image.js';
import { Layout } from '../views/layout.js';
import { type Column, Table } from '../views/table.js';
import { actorOf, Who } from '../views/who.js';
import { ArticleBody, originLabel, ProtectedLinksTable } from './article-views.js';
import type { ArticleSite, RevisionRow } from './article.reads.js';

export interface ArticlePageProps {
  page: PageContext;
  article: ArticleWithBodyDto;
  site: ArticleSite;
  revisions: RevisionRow[];
  pager: PagerProps;
  ownOrigins: string[];
}

export const ArticlePage: FC<ArticlePageProps> = (props) => {
  const { page, article, site, revisions, pager, ownOrigins } = props;
  const title = article.title ?? `Article ${article.id}`;
  // Restore goes on from what this page shows: its links carry the content's ETag as of now.
  const etag = articleEtag(article);
  const columns: Array<Column<RevisionRow>> = [
    { header: '#', key: true, numeric: true, cell: (revision) => revision.number },
    { header: 'Time', cell: (revision) => <Time value={revision.created_at} /> },
    { header: 'Origin', cell: (revision) => originLabel(revision.origin) },
    { header: 'Reason', cell: (revision) => revision.reason ?? <span class="muted">—</span> },
    { header: 'Who', cell: (revision) => <Who actor={actorOf(revision)} /> },
    {
      header: 'Actions',
      quiet: true,
      cell: (revision) => (
        <RevisionActions articleId={article.id} revision={revision} etag={etag} />
      ),
    },
  ];
  return (
    <Layout title={title} page={page} section="overview">
      <p class="crumbs">
        <a href="/console">Overview</a> /{' '}
        <a href={`/console/sites/${site.id}`}>{site.name ?? `Site ${site.id}`}</a> / Article
      </p>
      <h1>{title}</h1>
      <p class="lead">
        <OutLink href={article.url} />
      </p>
      {page.notice ? <Notice tone="ok">{page.notice}</Notice> : null}
      <dl class="facts">
        <Fact label="Status">{article.status ?? '—'}</Fact>
        <Fact label="Published">
          <Day value={article.published_at} />
        </Fact>
        <Fact label="Words">{article.word_count?.toLocaleString('en') ?? '—'}</Fact>
        <Fact label="Target keyword">{article.target_keyword ?? '—'}</Fact>
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
      <Table
        columns={columns}
        rows={revisions}
        rowId={(revision) => `revision-${revision.number}`}
        pager={pager}
      />
    </Layout>
  );
};

/**
 * View, Compare and Restore for a revision. `etag` is the article's ETag as
 * the page the person is looking at showed it (absent when it showed no
 * current content): Restore and View carry it on, so that the restore is
 * refused if the article changed since.
 */
export const RevisionActions: FC<{ articleId: number; revision: RevisionRow; etag?: string }> = ({
  articleId,
  revision,
  etag,
}) => {
  const base = `/console/articles/${articleId}/revisions/${revision.number}`;
  const carried = etag === undefined ? '' : `?etag=${encodeURIComponent(etag)}`;
  return (
    <div class="actions">
      <a class="button secondary small" href={`${base}${carried}`}>
        View
      </a>
      {revision.current ? (
        <Badge tone="info">Current content</Badge>
      ) : (
        <>
          <a class="button secondary small" href={`${base}/compare`}>
            Compare with current
          </a>
          <a class="button secondary small" href={`${base}/restore${carried}`}>
            Restore
          </a>
        </>
      )}
    </div>
  );
};
