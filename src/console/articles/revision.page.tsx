import type { FC } from 'hono/jsx';
import type { ProtectedLink } from '../../articles/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { Fact, Time } from '../views/components.js';
import { FeaturedImage } from '../views/featured-image.js';
import { Layout } from '../views/layout.js';
import { actorOf, Who } from '../views/who.js';
import { ArticleBody, ArticleCrumbs, originLabel, ProtectedLinksTable } from './article-views.js';
import { RevisionActions } from './article.page.js';
import type { ArticleSite, RevisionContent } from './article.reads.js';

export interface RevisionPageProps {
  page: PageContext;
  site: ArticleSite;
  articleId: number;
  articleTitle: string;
  revision: RevisionContent;
  links: ProtectedLink[];
  ownOrigins: string[];
  /** The article's ETag the article page was shown with, carried on to Restore. */
  etag?: string;
}

/** One revision as it was: its title, image, body and protected links, with compare and restore. */
export const RevisionPage: FC<RevisionPageProps> = (props) => {
  const { page, site, articleId, articleTitle, revision, links, ownOrigins, etag } = props;
  return (
    <Layout title={`Revision ${revision.number}`} page={page} section="overview">
      <ArticleCrumbs site={site} articleId={articleId} articleTitle={articleTitle}>
        Revision {revision.number}
      </ArticleCrumbs>
      <h1>Revision {revision.number}</h1>
      <dl class="facts">
        <Fact label="Made">
          <Time value={revision.created_at} />
        </Fact>
        <Fact label="Origin">{originLabel(revision.origin)}</Fact>
        <Fact label="By">
          <Who actor={actorOf(revision)} />
        </Fact>
        <Fact label="Reason">{revision.reason ?? '—'}</Fact>
      </dl>
      <div class="card">
        <RevisionActions articleId={articleId} revision={revision} etag={etag} />
      </div>
      <h2>Title</h2>
      <p>{revision.title ?? <span class="muted">(no title)</span>}</p>
      <h2>Featured image</h2>
      <div class="card">
        <FeaturedImage url={revision.featured_image_url} ownOrigins={ownOrigins} />
      </div>
      <h2>Body</h2>
      <ArticleBody
        frameSrc={`/console/articles/${articleId}/revisions/${revision.number}/body`}
        body={revision.body}
        label={`Body of revision ${revision.number}`}
      />
      <h2>Protected links in this revision</h2>
      <ProtectedLinksTable links={links} />
    </Layout>
  );
};
