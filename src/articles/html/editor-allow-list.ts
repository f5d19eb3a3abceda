/**
 * What the article editor can produce, and therefore all an article body may
 * contain: paragraphs, headings, lists, links, emphasis, quotes, code,
 * tables, images, figures and line breaks (decisions.md, "Article edits").
 * The sanitiser's configuration and the check that rejects everything else
 * both derive from this one list, so they cannot disagree.
 */
const HEADING_ATTRIBUTES = ['id'];
const CELL_ATTRIBUTES = ['colspan', 'rowspan'];

/** Allowed elements, each with the attributes it may carry besides the global ones. */
export const ALLOWED_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  p: [],
  div: [],
  span: [],
  br: [],
  hr: [],
  h1: HEADING_ATTRIBUTES,
  h2: HEADING_ATTRIBUTES,
  h3: HEADING_ATTRIBUTES,
  h4: HEADING_ATTRIBUTES,
  h5: HEADING_ATTRIBUTES,
  h6: HEADING_ATTRIBUTES,
  ul: [],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  dl: [],
  dt: [],
  dd: [],
  a: ['href', 'rel', 'target', 'hreflang'],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  mark: [],
  small: [],
  sub: [],
  sup: [],
  abbr: [],
  blockquote: [],
  q: [],
  cite: [],
  code: ['class'],
  pre: ['class'],
  kbd: [],
  samp: [],
  table: [],
  caption: [],
  colgroup: ['span'],
  col: ['span'],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: [...CELL_ATTRIBUTES, 'scope'],
  td: CELL_ATTRIBUTES,
  img: ['src', 'alt', 'width', 'height', 'loading'],
  figure: [],
  figcaption: [],
};

/** Attributes any allowed element may carry; the marker of protected links among them. */
export const GLOBAL_ATTRIBUTES: readonly string[] = [
  'data-service-protected',
  'title',
  'lang',
  'dir',
];

/** Attributes holding a URL, with the schemes each accepts; relative URLs are always fine. */
export const URL_ATTRIBUTE_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  href: ['http', 'https', 'mailto', 'tel'],
  src: ['http', 'https'],
};

/** Attributes whose value is one of a few keywords. */
export const KEYWORD_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  target: ['_blank', '_self', '_parent', '_top'],
};
