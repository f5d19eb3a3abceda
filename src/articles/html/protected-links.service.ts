import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
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
 * How the marked elements of a submitted body differ from the stored ones,
 * compared as multisets: a rewritten element shows as one removed (as stored)
 * and one added (as submitted); a moved one does not show at all.
 */
export interface ProtectedLinksDiff {
  removed: ProtectedElement[];
  added: ProtectedElement[];
}

/**
 * The protected-link rule's domain: finds every element of an article body
 * marked `data-service-protected` and puts it in canonical form (tag,
 * attributes sorted by name, whitespace-collapsed text, and the same for what
 * is inside it), then diffs a stored and a submitted body. No framework, no
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
    return this.extract(html).map((element) => publicView(element));
  }

  /**
   * The protected-link rule: every marked element of the stored body must be
   * in the submitted one unchanged, as often as it was, and nothing new may be
   * marked. Where the elements sit does not matter.
   */
  diff(storedHtml: string, submittedHtml: string): ProtectedLinksDiff {
    const unmatched = new Map<string, number>();
    const stored = this.extract(storedHtml);
    for (const element of stored) {
      unmatched.set(element.canonical, (unmatched.get(element.canonical) ?? 0) + 1);
    }
    const added = this.extract(submittedHtml).filter((element) => {
      const count = unmatched.get(element.canonical) ?? 0;
      unmatched.set(element.canonical, count - 1);
      return count <= 0;
    });
    const removed = stored.filter((element) => {
      const count = unmatched.get(element.canonical) ?? 0;
      unmatched.set(element.canonical, count - 1);
      return count > 0;
    });
    return { removed, added };
  }

  /** The links a diff is about, for the error: removed ones as stored, then added ones. */
  affected(diff: ProtectedLinksDiff): ProtectedLink[] {
    return [...diff.removed, ...diff.added].map((element) => publicView(element));
  }

  private describe(element: Element): ProtectedElement {
    const text = collapse(DomUtils.textContent(element));
    // The structure inside the element counts too: an inner link's href, or
    // text moved across an inner tag, is as much a rewrite as the marked tag's.
    const canonical = JSON.stringify([...shape(element), text]);
    return {
      type: element.attribs[PROTECTED_ATTRIBUTE] === 'internal' ? 'internal' : 'backlink',
      href: hrefOf(element),
      text,
      canonical,
    };
  }
}

function publicView({ type, href, text }: ProtectedElement): ProtectedLink {
  return { type, href, text };
}

/** Tag, attributes sorted by name, and children (text whitespace-collapsed, blank text dropped). */
function shape(element: Element): unknown[] {
  const attributes = Object.entries(element.attribs)
    .map(([name, value]) => [name, value.trim()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const children = element.children.flatMap((child): unknown[] => {
    if (child.type === ElementType.Text) {
      const text = collapse(child.data);
      return text === '' ? [] : [text];
    }
    return ElementType.isTag(child) ? [shape(child as Element)] : [];
  });
  return [element.name.toLowerCase(), attributes, children];
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
