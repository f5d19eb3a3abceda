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
