import { Parser } from 'htmlparser2';

export interface MarkupPrecheck {
  /** The nesting limit was passed: nothing more may be done with the body. */
  tooDeep: boolean;
  /** The body ends inside a tag, which a parser drops: the dropped text. */
  unterminated: string | null;
}

const PARSE_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };

/**
 * Closes an unterminated tag, whatever state it ended in (inside double or
 * single quotes, or none), and is plain text after a complete one.
 */
const PROBE = `"'>`;

class TooDeep extends Error {}

/**
 * One cheap streaming pass over a body before anything else reads it: no
 * document is built, and it stops at the first element past `maxNesting`, so
 * its cost is bounded by the body's length times the limit. It also finds a
 * body that ends inside a tag (`<img src=x onerror=alert(1)` at the very
 * end), which every parser, browsers included, silently drops: the body is
 * parsed with a probe appended, and if the probe does not come out as text,
 * a tag swallowed it.
 */
export function precheckMarkup(html: string, maxNesting: number): MarkupPrecheck {
  let depth = 0;
  let last: { kind: 'tag' | 'text' | 'other'; start: number; end: number } = {
    kind: 'other',
    start: -1,
    end: -1,
  };
  const parser: Parser = new Parser(
    {
      onopentag(_name, _attributes, implied) {
        if (++depth > maxNesting) throw new TooDeep();
        if (!implied) last = { kind: 'tag', start: parser.startIndex, end: parser.endIndex };
      },
      onclosetag(_name, implied) {
        depth--;
        if (!implied) last = { kind: 'tag', start: parser.startIndex, end: parser.endIndex };
      },
      ontext() {
        last = { kind: 'text', start: parser.startIndex, end: parser.endIndex };
      },
      oncomment() {
        last = { kind: 'other', start: parser.startIndex, end: parser.endIndex };
      },
      onprocessinginstruction() {
        last = { kind: 'other', start: parser.startIndex, end: parser.endIndex };
      },
    },
    PARSE_OPTIONS,
  );
  try {
    parser.end(html + PROBE);
  } catch (error) {
    if (error instanceof TooDeep) return { tooDeep: true, unterminated: null };
    throw error;
  }
  const probeEnd = html.length + PROBE.length - 1;
  if (last.kind === 'text' && last.end === probeEnd) return { tooDeep: false, unterminated: null };
  // An unterminated comment or declaration is reported as such by the review.
  if (last.kind === 'other' && last.end >= html.length)
    return { tooDeep: false, unterminated: null };
  const from = last.kind === 'tag' && last.end >= html.length ? last.start : last.end + 1;
  return { tooDeep: false, unterminated: html.slice(from) };
}
