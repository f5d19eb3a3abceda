import { Parser } from 'htmlparser2';
import { isAsciiWhitespace } from './ascii-whitespace.js';
import { attributeMeaning, PLACEHOLDER_BASE } from './protected-link-values.js';

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

const PARSE_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };

/**
 * The protected-link rule's domain: finds every element of an article body
 * marked `data-service-protected` and puts it in canonical form, then diffs a
 * stored and a submitted body. The canonical form is what a browser and a
 * crawler see: the tag; each attribute by its meaning (attributeMeaning:
 * links resolved per the WHATWG URL standard, `rel` as a set of tokens,
 * everything else exact); and everything inside — inner tags with their
 * attributes, and the text with runs of ASCII whitespace collapsed, as HTML
 * renders it. Any other difference (NBSP, BOM, U+3000…) is a change.
 *
 * A marked element inside another is part of it: the outermost one is the
 * unit that is listed and compared, so units never overlap and one pass
 * over the body finds them all, however deep. No framework, no database:
 * strings in, verdicts out.
 */
export class ProtectedLinks {
  /** The marked elements of a body, outermost first, in document order. */
  extract(html: string, base: string = PLACEHOLDER_BASE): ProtectedElement[] {
    const found: ProtectedElement[] = [];
    let open: MarkedElement | null = null;
    const parser = new Parser(
      {
        onopentag(name, attributes) {
          if (open !== null) open.openTag(name, attributes);
          else if (PROTECTED_ATTRIBUTE in attributes)
            open = new MarkedElement(name, attributes, base);
        },
        ontext(text) {
          open?.text(text);
        },
        onclosetag(name) {
          if (open?.closeTag(name)) {
            found.push(open.finish());
            open = null;
          }
        },
        oncomment(data) {
          open?.other('comment', data);
        },
        onprocessinginstruction(name, data) {
          open?.other('declaration', `${name} ${data}`);
        },
      },
      PARSE_OPTIONS,
    );
    parser.end(html);
    return found;
  }

  /** The public view of the links in a body, in document order. */
  links(html: string): ProtectedLink[] {
    return this.extract(html).map((element) => publicView(element));
  }

  /**
   * The protected-link rule: every marked element of the stored body must be
   * in the submitted one unchanged, as often as it was, and nothing new may be
   * marked. Where the elements sit does not matter. Relative links are
   * resolved against `base`, the article's address.
   */
  diff(storedHtml: string, submittedHtml: string, base?: string): ProtectedLinksDiff {
    const unmatched = new Map<string, number>();
    const stored = this.extract(storedHtml, base);
    for (const element of stored) {
      unmatched.set(element.canonical, (unmatched.get(element.canonical) ?? 0) + 1);
    }
    const added = this.extract(submittedHtml, base).filter((element) => {
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
}

function publicView({ type, href, text }: ProtectedElement): ProtectedLink {
  return { type, href, text };
}

/**
 * A marked element being read: its canonical token list and its text, built
 * as the parser goes. Text is collapsed across tags the way rendering
 * collapses it: a run of ASCII whitespace becomes one space, written only when
 * more text follows (so none leads or trails, and where a run meets a tag
 * does not matter).
 */
class MarkedElement {
  private readonly tokens: unknown[] = [];
  private readonly type: ProtectedLinkType;
  private href: string | undefined;
  private depth = 0;
  private content = '';
  private pendingText = '';
  private pendingSpace = false;

  constructor(
    name: string,
    attributes: Record<string, string>,
    private readonly base: string,
  ) {
    this.type = attributes[PROTECTED_ATTRIBUTE] === 'internal' ? 'internal' : 'backlink';
    this.openTag(name, attributes);
  }

  openTag(name: string, attributes: Record<string, string>): void {
    this.flushText();
    this.depth++;
    if (
      this.href === undefined &&
      attributes.href !== undefined &&
      (this.depth === 1 || name === 'a')
    )
      this.href = attributes.href;
    const meanings = Object.keys(attributes)
      .sort()
      .map((attribute) => [
        attribute,
        attributeMeaning(attribute, attributes[attribute], this.base),
      ]);
    this.tokens.push(['<', name, meanings]);
  }

  /** True when this closes the marked element itself. */
  closeTag(name: string): boolean {
    this.flushText();
    this.tokens.push(['>', name]);
    this.depth--;
    return this.depth === 0;
  }

  text(text: string): void {
    let start = 0;
    for (let i = 0; i <= text.length; i++) {
      if (i < text.length && !isAsciiWhitespace(text[i])) continue;
      if (i > start) {
        if (this.pendingSpace && this.content !== '') this.write(' ');
        this.write(text.slice(start, i));
        this.pendingSpace = false;
      }
      if (i < text.length) this.pendingSpace = true;
      start = i + 1;
    }
  }

  other(kind: string, data: string): void {
    this.flushText();
    this.tokens.push([kind, data]);
  }

  finish(): ProtectedElement {
    return {
      type: this.type,
      href: this.href ?? '',
      text: this.content,
      canonical: JSON.stringify(this.tokens),
    };
  }

  private write(text: string): void {
    this.content += text;
    this.pendingText += text;
  }

  private flushText(): void {
    if (this.pendingText === '') return;
    this.tokens.push(this.pendingText);
    this.pendingText = '';
  }
}
