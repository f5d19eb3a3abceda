import { asciiLowercase, asciiTokens } from './ascii-whitespace.js';

/**
 * Where relative links of an article without an address are resolved: a
 * path a few levels deep, so that `x`, `./x`, `../x` and `/x` stay apart.
 */
export const PLACEHOLDER_BASE = 'https://article.invalid/a/b/c/article';

/** Attributes whose value is a URL a browser follows or loads. */
const URL_ATTRIBUTES = new Set(['href', 'src']);

/**
 * An attribute value as a browser and a crawler read it, so that two values
 * compare equal exactly when they mean the same thing:
 * - `href`, `src`: the URL resolved against the article's address by the
 *   WHATWG URL parser (Node's `URL`, as in browsers) and serialised. Spellings
 *   a browser treats alike (`HTTPS://P.example`, a leading space, `&amp;`)
 *   are equal; anything it reads differently (a trailing NBSP becomes `%C2%A0`,
 *   a leading one makes the link relative) is not.
 * - `rel`: a set of link types, split on ASCII whitespace only and compared
 *   ASCII-case-insensitively, as HTML defines link types.
 * - everything else, the marker included: exactly as written.
 */
export function attributeMeaning(name: string, value: string, base: string): string {
  if (URL_ATTRIBUTES.has(name)) return resolvedUrl(value, base);
  if (name === 'rel') return [...new Set(asciiTokens(asciiLowercase(value)))].sort().join(' ');
  return value;
}

function resolvedUrl(value: string, base: string): string {
  try {
    return new URL(value, base).href;
  } catch {
    // Unparsable: only the very same text is the same link.
    return `\u0000${value}`;
  }
}

/** The article's address as a base for its relative links, or the placeholder. */
export function linkBase(articleUrl: string | null | undefined): string {
  if (articleUrl) {
    try {
      const url = new URL(articleUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // An unusable address is no base.
    }
  }
  return PLACEHOLDER_BASE;
}
