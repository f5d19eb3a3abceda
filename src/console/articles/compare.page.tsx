import type { FC } from 'hono/jsx';
import type { PageContext } from '../page/page-context.decorator.js';
import { Notice } from '../views/components.js';
import { Layout } from '../views/layout.js';
import { ArticleCrumbs } from './article-views.js';
import type { ArticleSite } from './article.reads.js';
import type { DiffLine, Segment } from './content-diff.js';
import type { BodyImage } from './reader-text.js';

/**
 * The body compared: its lines (null: too different to compare in time),
 * `same` (byte for byte), or `markup-only` (the text a reader sees is the
 * same; only the HTML differs).
 */
export type ComparedBody = DiffLine[] | null | 'same' | 'markup-only';

export interface ComparePageProps {
  page: PageContext;
  site: ArticleSite;
  articleId: number;
  articleTitle: string;
  number: number;
  /** The body as a reader sees it (text), or its HTML source. */
  view: 'text' | 'source';
  title: { before: Segment[]; after: Segment[] } | null;
  image: { before: string | null; after: string | null } | null;
  body: ComparedBody;
  /** Images of the body only in the current version (removed) or only in revision N (added). */
  images: { removed: BodyImage[]; added: BodyImage[] };
  /** The ETag of the current version compared here: Restore is checked against it. */
  etag: string;
}

/** What restoring revision N would change: from the current version (−) to revision N (+). */
export const ComparePage: FC<ComparePageProps> = (props) => {
  const { page, site, articleId, articleTitle, number, view, title, image, body, images, etag } =
    props;
  const base = `/console/articles/${articleId}/revisions/${number}`;
  return (
    <Layout title={`Compare revision ${number}`} page={page} section="overview">
      <ArticleCrumbs site={site} articleId={articleId} articleTitle={articleTitle}>
        <a href={base}>Revision {number}</a> / Compare
      </ArticleCrumbs>
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
            <TitleVersion kind="del" segments={title.before} />
          </dd>
          <dt>Revision {number}</dt>
          <dd>
            <TitleVersion kind="ins" segments={title.after} />
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
      <h2 id="body">Body</h2>
      <p class="row view-switch" role="group" aria-label="How the body is compared">
        {view === 'text' ? (
          <>
            <span class="badge">The text a reader sees</span>
            <a href={`${base}/compare?view=source#body`}>Show the HTML source changes</a>
          </>
        ) : (
          <>
            <span class="badge">HTML source</span>
            <a href={`${base}/compare#body`}>Show the text a reader sees</a>
          </>
        )}
      </p>
      {body === 'same' ? (
        <p class="muted">Unchanged.</p>
      ) : body === 'markup-only' ? (
        <p class="muted">
          The text a reader sees is the same; only the HTML differs.{' '}
          <a href={`${base}/compare?view=source#body`}>Show the HTML source changes</a>
        </p>
      ) : body === null ? (
        <Notice tone="info">
          <p>
            These bodies differ too much to compare line by line here.{' '}
            <a href={base}>View revision {number}</a> and{' '}
            <a href={`/console/articles/${articleId}`}>the current version</a> side by side instead.
          </p>
        </Notice>
      ) : (
        <div class={view === 'text' ? 'diff prose' : 'diff'} aria-label="Body changes">
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
      <h2>Images in the body</h2>
      {images.removed.length === 0 && images.added.length === 0 ? (
        <p class="muted">Unchanged.</p>
      ) : (
        <div class="diff prose" aria-label="Image changes">
          {images.removed.map((image) => (
            <div class="del">
              <span class="visually-hidden">Removed: </span>
              <ImageLine image={image} />
            </div>
          ))}
          {images.added.map((image) => (
            <div class="ins">
              <span class="visually-hidden">Added: </span>
              <ImageLine image={image} />
            </div>
          ))}
        </div>
      )}
      <p class="row spaced">
        <a class="button primary" href={`${base}/restore?etag=${encodeURIComponent(etag)}`}>
          Restore revision {number}…
        </a>
        <a class="button secondary" href={`/console/articles/${articleId}`}>
          Back to the article
        </a>
      </p>
    </Layout>
  );
};

/** One version of the title, its changed words marked: the current (del) or the revision's (ins). */
const TitleVersion: FC<{ kind: 'del' | 'ins'; segments: Segment[] }> = ({ kind, segments }) => (
  <div class="diff">
    <div class={kind}>
      <Segments segments={segments} />
    </div>
  </div>
);

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

/** An image by its address and text; images from other sites are not loaded in the console. */
const ImageLine: FC<{ image: BodyImage }> = ({ image }) => (
  <>
    <span class="mono">{image.src || '(no address)'}</span>
    {' — '}
    {image.alt ? `“${image.alt}”` : <span class="muted">no alternative text</span>}
  </>
);
