import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';

/** The marker attribute of inserted backlinks and internal links. */
export const PROTECTED_ATTRIBUTE = 'data-service-protected';

export type ProtectedLinkType = 'backlink' | 'internal';

export interface ProtectedLink {
  type: ProtectedLinkType;
  href: string;
  text: string;
}

/** A marked element in canonical form: equal canonical strings mean "unchanged". */
export interface ProtectedElement extends ProtectedLink {
  canonical: string;
}

/**
 * The protected-link rule's domain: finds every element of an article body
 * marked `data-service-protected` and puts it in canonical form (tag,
 * attributes sorted by name, whitespace-collapsed text). No framework, no
 * database: strings in, verdicts out.
 */
export class ProtectedLinksService {
  extract(html: string): ProtectedElement[] {
    const document = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true });
    const marked = DomUtils.findAll(
      (element) => PROTECTED_ATTRIBUTE in element.attribs,
      document.children,
    );
    return marked.map((element) => this.describe(element));
  }

  /** The public view of the links in a body, in document order. */
  links(html: string): ProtectedLink[] {
    return this.extract(html).map(({ type, href, text }) => ({ type, href, text }));
  }

  private describe(element: Element): ProtectedElement {
    const text = collapse(DomUtils.textContent(element));
    const attributes = Object.entries(element.attribs)
      .map(([name, value]) => [name, value.trim()] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const canonical = JSON.stringify([element.name.toLowerCase(), attributes, text]);
    return {
      type: element.attribs[PROTECTED_ATTRIBUTE] === 'internal' ? 'internal' : 'backlink',
      href: hrefOf(element),
      text,
      canonical,
    };
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A marked link's href, or that of the first link inside a marked block. */
function hrefOf(element: Element): string {
  if (element.attribs.href !== undefined) return element.attribs.href;
  const inner = DomUtils.findOne(
    (e) => e.name === 'a' && e.attribs.href !== undefined,
    element.children,
  );
  return inner?.attribs.href ?? '';
}
