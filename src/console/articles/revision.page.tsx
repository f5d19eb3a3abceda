import type { FC } from 'hono/jsx';
import type { ProtectedLink } from '../../articles/html/protected-links.service.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { Time } from '../views/components.js';
import { FeaturedImage } from '../views/featured-image.js';
import { Layout } from '../views/layout.js';
import { actorOf, Who } from '../views/who.js';
import { ArticleBody, originLabel, ProtectedLinksTable } from './article-views.js';
import { RevisionActions } from './article.page.js';
import type { RevisionContent } from './article.reads.js';

export interface RevisionPageProps {
  user: SignedInUser;
  csrf: string;
  articleId: number;
  articleTitle: string;
  revision: RevisionContent;
  links: ProtectedLink[];
  ownOrigins: string[];
}

/** One revision as it was: its title, image, body and protected links, with compare and restore. */
export const RevisionPage: FC<RevisionPageProps> = (props) => {
  const { user, csrf, articleId, articleTitle, revision, links, ownOrigins } = props;
  return (
    <Layout title={`Revision ${revision.number}`} user={user} csrf={csrf} section="overview">
      <p class="crumbs">
        <a href={`/console/articles/${articleId}`}>{articleTitle}</a> / Revision {revision.number}
      </p>
      <h1>Revision {revision.number}</h1>
      <dl class="facts">
        <div>
          <dt>Made</dt>
          <dd>
            <Time value={revision.created_at} />
          </dd>
        </div>
        <div>
          <dt>Origin</dt>
          <dd>{originLabel(revision.origin)}</dd>
        </div>
        <div>
          <dt>By</dt>
          <dd>
            <Who actor={actorOf(revision)} />
          </dd>
        </div>
        <div>
          <dt>Reason</dt>
          <dd>{revision.reason ?? '—'}</dd>
        </div>
      </dl>
      <div class="card">
        <RevisionActions articleId={articleId} revision={revision} />
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
