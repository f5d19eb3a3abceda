import { ElementType, parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import sanitizeHtml from 'sanitize-html';
import {
  ALLOWED_ELEMENTS,
  GLOBAL_ATTRIBUTES,
  KEYWORD_ATTRIBUTES,
  URL_ATTRIBUTE_SCHEMES,
} from './editor-allow-list.js';

/** One reason a body was refused, in the envelope's `details` shape. */
export interface BodyViolation {
  field: 'body';
  message: string;
}

export type SanitizeVerdict =
  { ok: true; html: string } | { ok: false; violations: BodyViolation[] };

/** Enough to name every distinct problem of a real body without an unbounded response. */
const MAX_VIOLATIONS = 50;

const PARSE_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(ALLOWED_ELEMENTS),
  allowedAttributes: {
    ...Object.fromEntries(
      Object.entries(ALLOWED_ELEMENTS).map(([tag, attributes]) => [tag, [...attributes]]),
    ),
    '*': [...GLOBAL_ATTRIBUTES],
  },
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
 * The editor's sanitising rule. A body is first checked against the allow-list
 * on an htmlparser2 parse and refused with every violation named; an accepted
 * body is stored as sanitize-html's serialisation of it. Because the two use
 * different parser versions, the serialisation is parsed again and must be the
 * same document: anything the sanitiser would silently drop is refused too.
 * Pure: no framework, strings in and verdicts out.
 */
export class HtmlSanitizer {
  review(html: string): SanitizeVerdict {
    const document = parseDocument(html, PARSE_OPTIONS);
    const violations = dedupe([
      ...(html.includes('\u0000') ? [violation('NUL characters are not allowed')] : []),
      ...document.children.flatMap((node) => violationsOf(node)),
    ]);
    if (violations.length > 0)
      return { ok: false, violations: violations.slice(0, MAX_VIOLATIONS) };
    const sanitized = this.sanitize(html);
    if (
      fingerprint(parseDocument(sanitized, PARSE_OPTIONS).children) !==
      fingerprint(document.children)
    ) {
      return {
        ok: false,
        violations: [
          { field: 'body', message: 'contains markup the editor cannot store as written' },
        ],
      };
    }
    return { ok: true, html: sanitized };
  }

  /** sanitize-html with the editor's allow-list: anything else is dropped. */
  sanitize(html: string): string {
    return sanitizeHtml(html, SANITIZE_OPTIONS);
  }
}

function violationsOf(node: ChildNode): BodyViolation[] {
  switch (node.type) {
    case ElementType.Tag:
    case ElementType.Script:
    case ElementType.Style:
      return [...elementViolations(node), ...node.children.flatMap((child) => violationsOf(child))];
    case ElementType.Root:
      return node.children.flatMap((child) => violationsOf(child));
    case ElementType.Text:
      return [];
    case ElementType.Comment:
      return [violation('comments are not allowed')];
    case ElementType.CDATA:
      return [violation('CDATA sections are not allowed')];
    case ElementType.Directive:
      return [violation(`declarations such as <${node.name}> are not allowed`)];
  }
}

function isElement(node: ChildNode): node is Element {
  return ElementType.isTag(node);
}

function elementViolations(element: Element): BodyViolation[] {
  const tag = element.name;
  const allowed = ALLOWED_ELEMENTS[tag];
  if (!Object.hasOwn(ALLOWED_ELEMENTS, tag) || allowed === undefined) {
    return [violation(`element <${tag}> is not allowed`)];
  }
  return Object.entries(element.attribs).flatMap(([name, value]) => {
    if (/^on/.test(name)) {
      return [violation(`event-handler attribute ${name} on <${tag}> is not allowed`)];
    }
    if (!allowed.includes(name) && !GLOBAL_ATTRIBUTES.includes(name)) {
      return [violation(`attribute ${name} on <${tag}> is not allowed`)];
    }
    return valueViolations(tag, name, value);
  });
}

function valueViolations(tag: string, name: string, value: string): BodyViolation[] {
  const schemes = URL_ATTRIBUTE_SCHEMES[name];
  if (schemes !== undefined && Object.hasOwn(URL_ATTRIBUTE_SCHEMES, name)) {
    const scheme = schemeOf(value);
    if (scheme !== undefined && !schemes.includes(scheme)) {
      return [violation(`${scheme}: URL in <${tag} ${name}> is not allowed`)];
    }
  }
  const keywords = KEYWORD_ATTRIBUTES[name];
  if (keywords !== undefined && Object.hasOwn(KEYWORD_ATTRIBUTES, name)) {
    if (!keywords.includes(value.trim().toLowerCase())) {
      return [violation(`${name}="${value}" on <${tag}> is not allowed`)];
    }
  }
  return [];
}

/**
 * The scheme a browser would see. Browsers ignore control characters and
 * spaces in a URL's scheme (`jav&#x09;ascript:`), so they go before matching.
 */
function schemeOf(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
}

/** The document's structure: elements with sorted attributes, and text. */
function fingerprint(nodes: ChildNode[]): string {
  const describe = (node: ChildNode): unknown => {
    if (isElement(node)) {
      const attributes = Object.entries(node.attribs).sort(([a], [b]) => (a < b ? -1 : 1));
      return [node.name, attributes, node.children.map(describe)];
    }
    return node.type === ElementType.Text ? node.data : [node.type];
  };
  return JSON.stringify(nodes.map(describe));
}

function violation(message: string): BodyViolation {
  return { field: 'body', message };
}

function dedupe(violations: BodyViolation[]): BodyViolation[] {
  const seen = new Set<string>();
  return violations.filter(({ message }) => !seen.has(message) && Boolean(seen.add(message)));
}
