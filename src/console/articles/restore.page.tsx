import type { FC } from 'hono/jsx';
import type { ProtectedLink } from '../../articles/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { ConfirmForm, Notice, OutLink, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { actorOf, Who } from '../views/who.js';
import { ArticleCrumbs } from './article-views.js';
import type { ArticleSite, RevisionContent } from './article.reads.js';

export interface RestorePageProps {
  page: PageContext;
  site: ArticleSite;
  articleId: number;
  articleTitle: string;
  revision: RevisionContent;
  /** The article's ETag as the page that led here showed it: the restore is refused if it changed since. */
  etag: string;
  /** Protected links of the current body that the revision lacks or alters. */
  dropped: ProtectedLink[];
}

/** The confirmation before a restore (pages work without script: this is a page, not a dialog). */
export const RestorePage: FC<RestorePageProps> = (props) => {
  const { page, site, articleId, articleTitle, revision, etag, dropped } = props;
  const base = `/console/articles/${articleId}/revisions/${revision.number}`;
  return (
    <Layout title={`Restore revision ${revision.number}`} page={page} section="overview">
      <ArticleCrumbs site={site} articleId={articleId} articleTitle={articleTitle}>
        Restore
      </ArticleCrumbs>
      <div class="card">
        <h1>Restore revision {revision.number}?</h1>
        <p>
          Its title, body and featured image (from <Time value={revision.created_at} />, by{' '}
          <Who actor={actorOf(revision)} />) become the article's content again, recorded as a new
          revision “Restored revision {revision.number}” in your name. Nothing is deleted: the
          current version stays in the revisions and can be restored in turn.{' '}
          <a href={`${base}/compare`}>See what would change.</a>
        </p>
        {dropped.length > 0 ? (
          <DroppedLinks articleId={articleId} number={revision.number} links={dropped} />
        ) : (
          <ConfirmForm
            action={`${base}/restore`}
            csrf={page.csrf}
            label={`Restore revision ${revision.number}`}
            cancel={`/console/articles/${articleId}`}
          >
            <input type="hidden" name="etag" value={etag} />
          </ConfirmForm>
        )}
      </div>
    </Layout>
  );
};

/** Why revision `number` cannot be restored: the protected links it would drop; back to the article. */
const DroppedLinks: FC<{ articleId: number; number: number; links: ProtectedLink[] }> = ({
  articleId,
  number,
  links,
}) => (
  <>
    <Notice tone="bad" title={`Revision ${number} cannot be restored`}>
      <p>
        It lacks or alters protected links that the current body carries. Restoring it would drop
        them, so it is refused and nothing changes:
      </p>
      <ul>
        {links.map((link) => (
          <li>
            {link.type === 'backlink' ? 'Backlink' : 'Internal link'} “{link.text}” →{' '}
            <OutLink href={link.href} />
          </li>
        ))}
      </ul>
    </Notice>
    <p>
      <a class="button secondary" href={`/console/articles/${articleId}`}>
        Back to the article
      </a>
    </p>
  </>
);

/** A restore the write path refused because the revision drops protected links (422). */
export const RestoreRefusedPage: FC<{
  page: PageContext;
  site: ArticleSite;
  articleId: number;
  articleTitle: string;
  number: number;
  links: ProtectedLink[];
}> = ({ page, site, articleId, articleTitle, number, links }) => (
  <Layout title="Restore refused" page={page} section="overview">
    <ArticleCrumbs site={site} articleId={articleId} articleTitle={articleTitle}>
      Restore
    </ArticleCrumbs>
    <h1>Restore refused</h1>
    <DroppedLinks articleId={articleId} number={number} links={links} />
  </Layout>
);
