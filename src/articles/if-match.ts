/**
 * Whether a write's If-Match header allows it against the article's current
 * ETag (RFC 9110 §13.1.1): no header allows it, `*` allows it (the article
 * exists), otherwise one of the listed tags must equal the current one by
 * strong comparison, so a weak `W/"…"` tag never matches.
 */
export function ifMatchAllows(header: string | undefined, currentEtag: string): boolean {
  if (header === undefined) return true;
  if (header.trim() === '*') return true;
  const tags = header.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return tags.some((tag) => tag === currentEtag);
}
