/**
 * Entity-tag lists of the conditional headers, parsed as RFC 9110 §8.8.3 and
 * §13.1 write them: `*`, or one or more `"opaque"` / `W/"opaque"` tags
 * separated by commas (empty elements allowed), where the opaque part may
 * hold any visible character but `"`, commas included.
 */
export interface EntityTag {
  weak: boolean;
  /** With its quotes, as an ETag header carries it: `"abc"`. */
  opaque: string;
}

/** The shape of such a list, for the OpenAPI document (loosely: a tag holds anything but a quote). */
export const ENTITY_TAGS_PATTERN = '^(\\*|[ ,]*(W/)?"[^"]*"([ ]*,[ ,]*(W/)?"[^"]*")*[ ,]*)$';

export type EntityTagList = { any: true } | { any: false; tags: EntityTag[] };

const LIST =
  /^[ \t,]*(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"(?:[ \t]*,[ \t,]*(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*")*[ \t,]*$/;
const TAGS = /(W\/)?("[\x21\x23-\x7e\x80-\xff]*")/g;

/** The list a header carries, or undefined when it is not `*` or a list of entity-tags. */
export function parseEntityTags(header: string): EntityTagList | undefined {
  if (header.trim() === '*') return { any: true };
  if (!LIST.test(header)) return undefined;
  const tags = [...header.matchAll(TAGS)].map((match) => ({
    weak: match[1] !== undefined,
    opaque: match[2],
  }));
  return { any: false, tags };
}

/** If-None-Match (§13.1.2): weak comparison, so `W/"a"` matches `"a"`; malformed matches nothing. */
export function noneMatchHits(header: string | undefined, currentEtag: string): boolean {
  if (header === undefined) return false;
  const list = parseEntityTags(header);
  if (list === undefined) return false;
  return list.any || list.tags.some((tag) => tag.opaque === currentEtag);
}

/** If-Match (§13.1.1): strong comparison, so a weak tag never matches; no header allows the write. */
export function ifMatchAllows(header: string | undefined, currentEtag: string): boolean {
  if (header === undefined) return true;
  const list = parseEntityTags(header);
  if (list === undefined) return false;
  return list.any || list.tags.some((tag) => !tag.weak && tag.opaque === currentEtag);
}
