import { Parser } from 'htmlparser2';

/** Inline elements continue the word around them: `<b>wo</b>rd` is one word. Every other tag separates words. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);

/** Elements whose text is not prose a reader sees. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);

/**
 * A word: letters or digits, joined by an apostrophe or hyphen inside it, so
 * "don't", "well-known" and "3.5" count once each and punctuation never counts.
 */
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’.\-‐][\p{L}\p{N}\p{M}]+)*/gu;

/**
 * The number of words a reader sees in an article body: the text of the HTML
 * (entities decoded, tags and their attributes ignored), split into words.
 * Used for `word_count` on import and on every edit.
 */
export function countWords(html: string): number {
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hidden++;
        if (!INLINE.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (HIDDEN.has(name) && hidden > 0) hidden--;
        if (!INLINE.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return parts.join('').match(WORD)?.length ?? 0;
}
