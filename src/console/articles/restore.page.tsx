import type { FC } from 'hono/jsx';
import type { ProtectedLink } from '../../articles/html/protected-links.service.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { CsrfField, Notice, OutLink, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { actorOf, Who } from '../views/who.js';
import type { RevisionContent } from './article.reads.js';

export interface RestorePageProps {
  user: SignedInUser;
  csrf: string;
  articleId: number;
  articleTitle: string;
  revision: RevisionContent;
  /** The article's ETag when this page was made: the restore is refused if it changed since. */
  etag: string;
  /** Protected links of the current body that the revision lacks or alters. */
  dropped: ProtectedLink[];
}

/** The confirmation before a restore (pages work without script: this is a page, not a dialog). */
export const RestorePage: FC<RestorePageProps> = (props) => {
  const { user, csrf, articleId, articleTitle, revision, etag, dropped } = props;
  const base = `/console/articles/${articleId}/revisions/${revision.number}`;
  return (
    <Layout
      title={`Restore revision ${revision.number}`}
      user={user}
      csrf={csrf}
      section="overview"
    >
      <p class="crumbs">
        <a href={`/console/articles/${articleId}`}>{articleTitle}</a> / Restore
      </p>
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
          <>
            <DroppedLinks number={revision.number} links={dropped} />
            <p>
              <a class="button secondary" href={`/console/articles/${articleId}`}>
                Back to the article
              </a>
            </p>
          </>
        ) : (
          <form method="post" action={`${base}/restore`} class="row">
            <CsrfField token={csrf} />
            <input type="hidden" name="etag" value={etag} />
            <button type="submit" class="danger">
              Restore revision {revision.number}
            </button>
            <a class="button secondary" href={`/console/articles/${articleId}`}>
              Cancel
            </a>
          </form>
        )}
      </div>
    </Layout>
  );
};

export const DroppedLinks: FC<{ number: number; links: ProtectedLink[] }> = ({ number, links }) => (
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
);

export const RestoreRefusedPage: FC<{
  user: SignedInUser;
  csrf: string;
  articleId: number;
  articleTitle: string;
  number: number;
  links: ProtectedLink[];
}> = ({ user, csrf, articleId, articleTitle, number, links }) => (
  <Layout title="Restore refused" user={user} csrf={csrf} section="overview">
    <p class="crumbs">
      <a href={`/console/articles/${articleId}`}>{articleTitle}</a> / Restore
    </p>
    <h1>Restore refused</h1>
    <DroppedLinks number={number} links={links} />
    <p>
      <a class="button secondary" href={`/console/articles/${articleId}`}>
        Back to the article
      </a>
    </p>
  </Layout>
);

export const ArticleChangedPage: FC<{
  user: SignedInUser;
  csrf: string;
  articleId: number;
  number: number;
}> = ({ user, csrf, articleId, number }) => (
  <Layout title="The article changed" user={user} csrf={csrf} section="overview">
    <div class="card">
      <p class="muted">Error 412</p>
      <h1>The article changed since you opened that page</h1>
      <p>
        Someone (or an agent) edited it in the meantime, so revision {number} was not restored and
        nothing changed. Look at the article as it is now, then restore again if you still want to.
      </p>
      <p class="row">
        <a class="button primary" href={`/console/articles/${articleId}`}>
          Open the current article
        </a>
        <a
          class="button secondary"
          href={`/console/articles/${articleId}/revisions/${number}/restore`}
        >
          Restore revision {number} again…
        </a>
      </p>
    </div>
  </Layout>
);
