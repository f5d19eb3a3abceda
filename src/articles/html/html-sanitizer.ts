import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { asciiLowercase } from './ascii-whitespace.js';
import {
  ALLOWED_ELEMENTS,
  GLOBAL_ATTRIBUTES,
  KEYWORD_ATTRIBUTES,
  URL_ATTRIBUTE_SCHEMES,
} from './editor-allow-list.js';
import { DEFAULT_MAX_NESTING } from '../../config/html-limits.js';
import { precheckMarkup } from './markup-precheck.js';
import { PROTECTED_ATTRIBUTE } from './protected-links.js';

/** One reason a body was refused, in the envelope's `details` shape. */
export interface BodyViolation {
  field: 'body';
  message: string;
}

export type SanitizeVerdict =
  { ok: true; html: string } | { ok: false; violations: BodyViolation[]; limit?: number };

/** Enough to name every distinct problem of a real body without an unbounded response. */
const MAX_VIOLATIONS = 50;
const MAX_QUOTED = 60;

const PARSE_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };

/**
 * What an accepted body is stored as. Attributes are not filtered here: the
 * review has refused every attribute outside the allow-list already, except
 * on protected elements, whose attributes are kept as stored (see review).
 */
const STORE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(ALLOWED_ELEMENTS),
  allowedAttributes: false,
  allowedSchemes: [...URL_ATTRIBUTE_SCHEMES.href],
  allowedSchemesByTag: { img: [...URL_ATTRIBUTE_SCHEMES.src] },
  allowedSchemesAppliedToAttributes: Object.keys(URL_ATTRIBUTE_SCHEMES),
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  // Keep empty attributes (`alt=""`, a bare marker): dropping them would alter an accepted body.
  nonBooleanAttributes: [],
  selfClosing: ['img', 'br', 'hr'],
  parseStyleAttributes: false,
  parser: PARSE_OPTIONS,
};

/**
 * The same serialisation with nothing left out, for telling whether a stored
 * body (which an import may have filled with anything) says what an
 * accepted one says: equal results mean the same markup.
 */
const SPELLING_OPTIONS: sanitizeHtml.IOptions = {
  ...STORE_OPTIONS,
  allowedTags: false,
  allowVulnerableTags: true,
  allowedSchemesAppliedToAttributes: [],
};

/**
 * What is shown of any body (the console's preview): the allow-list applied
 * by sanitize-html itself, attributes included, anything else left out.
 */
const PREVIEW_OPTIONS: sanitizeHtml.IOptions = {
  ...STORE_OPTIONS,
  allowedAttributes: {
    ...Object.fromEntries(
      Object.entries(ALLOWED_ELEMENTS).map(([tag, attributes]) => [tag, [...attributes]]),
    ),
    '*': [...GLOBAL_ATTRIBUTES],
  },
};

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

export interface HtmlLimits {
  /** How deep elements may nest (HTML_MAX_NESTING). */
  maxNesting: number;
}

/**
 * The editor's sanitising rule. A body is first prechecked (nesting depth,
 * an unterminated tag at the end), then read once with htmlparser2: every
 * element, attribute and URL is checked against the allow-list and every
 * violation named. An accepted body is stored as sanitize-html's
 * serialisation of it; because sanitize-html parses with another
 * htmlparser2 version, it is given the body already written out tag by tag
 * (so both see one tree), and its output is read again and must be the same
 * tree: anything the sanitiser would silently drop is refused too. Nothing
 * recurses, and every pass is linear in the body's length times its
 * (bounded) depth. Pure: strings in and verdicts out.
 */
export class HtmlSanitizer {
  constructor(private readonly limits: HtmlLimits = { maxNesting: DEFAULT_MAX_NESTING }) {}

  review(html: string): SanitizeVerdict {
    const precheck = precheckMarkup(html, this.limits.maxNesting);
    const early: BodyViolation[] = [];
    if (html.includes('\u0000')) early.push(violation('NUL characters are not allowed'));
    if (precheck.tooDeep) {
      early.push(violation(`elements are nested more than ${this.limits.maxNesting} levels deep`));
      return { ok: false, violations: early, limit: this.limits.maxNesting };
    }
    if (precheck.unterminated !== null) {
      early.push(violation(`ends inside an unterminated tag: ${quote(precheck.unterminated)}`));
    }
    const read = readMarkup(html, true);
    const violations = dedupe([...early, ...read.violations]);
    if (violations.length > 0)
      return { ok: false, violations: violations.slice(0, MAX_VIOLATIONS) };
    const sanitized = sanitizeHtml(read.wellFormed, STORE_OPTIONS);
    if (!sameTree(readMarkup(sanitized, false).tree, read.tree)) {
      return {
        ok: false,
        violations: [violation('contains markup the editor cannot store as written')],
      };
    }
    return { ok: true, html: sanitized };
  }

  /**
   * Any body written as an accepted one would be, nothing left out: two
   * bodies with the same spelling are the same markup. A body nested past
   * the limit is not rewritten (it is its own spelling).
   */
  spelling(html: string): string {
    if (precheckMarkup(html, this.limits.maxNesting).tooDeep) return html;
    return sanitizeHtml(readMarkup(html, false).wellFormed, SPELLING_OPTIONS);
  }

  /**
   * Any body with everything outside the allow-list left out, for showing
   * it; a body nested past the limit shows as nothing.
   */
  preview(html: string): string {
    if (precheckMarkup(html, this.limits.maxNesting).tooDeep) return '';
    return sanitizeHtml(readMarkup(html, false).wellFormed, PREVIEW_OPTIONS);
  }
}

interface MarkupReading {
  violations: BodyViolation[];
  /** Tags and text in order; equal lists mean equal documents. */
  tree: string[];
  /** The same document with every element explicitly closed. */
  wellFormed: string;
}

/**
 * One pass over a body: its tree as a token list, its well-formed spelling,
 * and (when `check` is set) what in it the allow-list does not allow.
 * Elements marked as protected, and everything inside them, may carry
 * attributes outside the allow-list: they are the platform's and are kept as
 * stored (the protected-link rule refuses any change to them). Event
 * handlers and disallowed URL schemes are refused everywhere.
 */
function readMarkup(html: string, check: boolean): MarkupReading {
  const violations: BodyViolation[] = [];
  const tree: string[] = [];
  const written: string[] = [];
  let text = '';
  let depth = 0;
  let protectedFrom = Infinity;
  const flushText = () => {
    if (text === '') return;
    tree.push(`#${text}`);
    written.push(escapeText(text));
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flushText();
        depth++;
        if (PROTECTED_ATTRIBUTE in attributes && depth < protectedFrom) protectedFrom = depth;
        if (check) violations.push(...elementViolations(name, attributes, depth >= protectedFrom));
        const names = Object.keys(attributes);
        written.push(
          `<${name}${names.map((n) => ` ${n}="${escapeAttribute(attributes[n])}"`).join('')}>`,
        );
        names.sort();
        tree.push(`<${name}${names.map((n) => ` ${n}=${JSON.stringify(attributes[n])}`).join('')}`);
      },
      onclosetag(name) {
        flushText();
        if (depth === protectedFrom) protectedFrom = Infinity;
        depth--;
        tree.push(`>${name}`);
        if (!VOID_ELEMENTS.has(name)) written.push(`</${name}>`);
      },
      ontext(data) {
        text += data;
      },
      oncomment() {
        flushText();
        if (check) violations.push(violation('comments are not allowed'));
      },
      oncdatastart() {
        flushText();
        if (check) violations.push(violation('CDATA sections are not allowed'));
      },
      onprocessinginstruction(name) {
        flushText();
        if (check) violations.push(violation(`declarations such as <${name}> are not allowed`));
      },
    },
    PARSE_OPTIONS,
  );
  parser.end(html);
  flushText();
  return { violations, tree, wellFormed: written.join('') };
}

function sameTree(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function elementViolations(
  tag: string,
  attributes: Record<string, string>,
  isProtected: boolean,
): BodyViolation[] {
  const allowed = Object.hasOwn(ALLOWED_ELEMENTS, tag) ? ALLOWED_ELEMENTS[tag] : undefined;
  if (allowed === undefined) return [violation(`element <${tag}> is not allowed`)];
  return Object.entries(attributes).flatMap(([name, value]) => {
    if (name.startsWith('on')) {
      return [violation(`event-handler attribute ${name} on <${tag}> is not allowed`)];
    }
    if (!isProtected && !allowed.includes(name) && !GLOBAL_ATTRIBUTES.includes(name)) {
      return [violation(`attribute ${name} on <${tag}> is not allowed`)];
    }
    return valueViolations(tag, name, value, isProtected);
  });
}

function valueViolations(
  tag: string,
  name: string,
  value: string,
  isProtected: boolean,
): BodyViolation[] {
  const schemes = Object.hasOwn(URL_ATTRIBUTE_SCHEMES, name)
    ? URL_ATTRIBUTE_SCHEMES[name]
    : undefined;
  if (schemes !== undefined) {
    const scheme = schemeOf(value);
    if (scheme !== undefined && !schemes.includes(scheme)) {
      return [violation(`${scheme}: URL in <${tag} ${name}> is not allowed`)];
    }
  }
  const keywords = Object.hasOwn(KEYWORD_ATTRIBUTES, name) ? KEYWORD_ATTRIBUTES[name] : undefined;
  // HTML compares these keywords ASCII-case-insensitively and trims nothing:
  // `_blank\u00a0` is the name of a window, not the keyword.
  if (keywords !== undefined && !isProtected && !keywords.includes(asciiLowercase(value))) {
    return [violation(`${name}="${value}" on <${tag}> is not allowed`)];
  }
  return [];
}

/**
 * The scheme a browser would see: the WHATWG URL parser's, which drops
 * leading and trailing C0 controls and spaces and every tab and newline
 * (`jav&#x09;ascript:`); a relative URL has none. Where the parser gives up,
 * any scheme-like prefix left once all controls and spaces are gone counts.
 */
function schemeOf(url: string): string | undefined {
  if (URL.canParse(url)) return new URL(url).protocol.slice(0, -1).toLowerCase();
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function quote(fragment: string): string {
  return fragment.length > MAX_QUOTED ? `${fragment.slice(0, MAX_QUOTED)}…` : fragment;
}

function violation(message: string): BodyViolation {
  return { field: 'body', message };
}

function dedupe(violations: BodyViolation[]): BodyViolation[] {
  const seen = new Set<string>();
  return violations.filter(({ message }) => !seen.has(message) && Boolean(seen.add(message)));
}
