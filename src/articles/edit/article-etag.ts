import { createHash } from 'node:crypto';

/**
 * The strong ETag of an article's editable content (title, body, featured
 * image). GET returns it; a write with an If-Match that differs is refused
 * with 412, so two editors cannot overwrite each other unknowingly.
 */
export function articleEtag(article: {
  title: string | null;
  body: string;
  featured_image_url: string | null;
}): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([article.title, article.body, article.featured_image_url]))
    .digest('base64url')
    .slice(0, 27);
  return `"${digest}"`;
}

const ARTICLE_ETAG = /^"[A-Za-z0-9_-]{27}"$/;

/**
 * Whether `value` is one strong ETag of the form articleEtag makes: not `*`,
 * not a weak tag, not a list — a value that can only match one version.
 */
export function isArticleEtag(value: unknown): value is string {
  return typeof value === 'string' && ARTICLE_ETAG.test(value);
}

/** The ETag header as the document states it: 27 base64url characters in double quotes. */
export function etagHeader(description: string) {
  return {
    ETag: {
      description,
      schema: {
        type: 'string',
        pattern: ARTICLE_ETAG.source,
        maxLength: 29,
        example: '"q3k9Xw2b7Yt0pLmN4cVh8sR1aZe"',
      },
    },
  };
}
