import type { FC } from 'hono/jsx';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { Notice } from '../views/components.js';
import { Layout } from '../views/layout.js';
import type { DiffLine, Segment } from './content-diff.js';

export interface ComparePageProps {
  user: SignedInUser;
  csrf: string;
  articleId: number;
  articleTitle: string;
  number: number;
  title: { before: Segment[]; after: Segment[] } | null;
  image: { before: string | null; after: string | null } | null;
  body: DiffLine[] | null | 'same';
}

/** What restoring revision N would change: from the current version (−) to revision N (+). */
export const ComparePage: FC<ComparePageProps> = (props) => {
  const { user, csrf, articleId, articleTitle, number, title, image, body } = props;
  const base = `/console/articles/${articleId}/revisions/${number}`;
  return (
    <Layout title={`Compare revision ${number}`} user={user} csrf={csrf} section="overview">
      <p class="crumbs">
        <a href={`/console/articles/${articleId}`}>{articleTitle}</a> /{' '}
        <a href={base}>Revision {number}</a> / Compare
      </p>
      <h1>Revision {number} compared with the current version</h1>
      <p class="lead">
        What restoring revision {number} would change: <span class="legend del">−</span> only in the
        current version, <span class="legend ins">+</span> only in revision {number}.
      </p>
      <h2>Title</h2>
      {title === null ? (
        <p class="muted">Unchanged.</p>
      ) : (
        <dl class="change">
          <dt>Current</dt>
          <dd>
            <div class="diff">
              <div class="del">
                <Segments segments={title.before} />
              </div>
            </div>
          </dd>
          <dt>Revision {number}</dt>
          <dd>
            <div class="diff">
              <div class="ins">
                <Segments segments={title.after} />
              </div>
            </div>
          </dd>
        </dl>
      )}
      <h2>Featured image</h2>
      {image === null ? (
        <p class="muted">Unchanged.</p>
      ) : (
        <dl class="change">
          <dt>Current</dt>
          <dd class="mono">{image.before ?? '(none)'}</dd>
          <dt>Revision {number}</dt>
          <dd class="mono">{image.after ?? '(none)'}</dd>
        </dl>
      )}
      <h2>Body</h2>
      {body === 'same' ? (
        <p class="muted">Unchanged.</p>
      ) : body === null ? (
        <Notice tone="info">
          <p>
            These bodies differ too much to compare line by line here.{' '}
            <a href={base}>View revision {number}</a> and{' '}
            <a href={`/console/articles/${articleId}`}>the current version</a> side by side instead.
          </p>
        </Notice>
      ) : (
        <div class="diff" aria-label="Body changes">
          {body.map((line) =>
            line.kind === 'gap' ? (
              <div class="gap">{`… ${line.hidden} unchanged ${line.hidden === 1 ? 'line' : 'lines'} …`}</div>
            ) : (
              <div class={line.kind === 'same' ? undefined : line.kind}>
                <span class="visually-hidden">
                  {line.kind === 'del' ? 'Removed: ' : line.kind === 'ins' ? 'Added: ' : ''}
                </span>
                <Segments segments={line.segments} />
              </div>
            ),
          )}
        </div>
      )}
      <p class="row spaced">
        <a class="button primary" href={`${base}/restore`}>
          Restore revision {number}…
        </a>
        <a class="button secondary" href={`/console/articles/${articleId}`}>
          Back to the article
        </a>
      </p>
    </Layout>
  );
};

const Segments: FC<{ segments: Segment[] }> = ({ segments }) => (
  <>
    {segments.map((segment) =>
      segment.change === 'del' ? (
        <del>{segment.text}</del>
      ) : segment.change === 'ins' ? (
        <ins>{segment.text}</ins>
      ) : (
        segment.text
      ),
    )}
  </>
);
