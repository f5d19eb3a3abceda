import { countWords } from './word-count.js';
import { BodyViolation, HtmlLimits, HtmlSanitizer, SanitizeVerdict } from './html-sanitizer.js';
import { DEFAULT_MAX_NESTING } from '../../config/html-limits.js';
import { linkBase } from './protected-link-values.js';
import { ProtectedLink, ProtectedLinks } from './protected-links.js';

/** What becomes of a submitted body: stored (possibly unchanged), or refused and why. */
export type BodyEditOutcome =
  | { ok: true; body: string; changed: boolean; wordCount: number }
  | { ok: false; violations: BodyViolation[]; limit?: number }
  | { ok: false; protectedLinks: ProtectedLink[] };

/**
 * Every rule on an article body in one pure class: the editor's allow-list
 * (HtmlSanitizer) and the protected-link rule (ProtectedLinks). Strings
 * in, verdicts out; the edit path and the HTML worker both run it.
 */
export class ArticleBodyRules {
  private readonly sanitizer: HtmlSanitizer;
  private readonly protectedLinks = new ProtectedLinks();

  constructor(limits: HtmlLimits = { maxNesting: DEFAULT_MAX_NESTING }) {
    this.sanitizer = new HtmlSanitizer(limits);
  }

  /** The allow-list verdict on a submitted body; an accepted one comes back as it would be stored. */
  review(submitted: string): SanitizeVerdict {
    return this.sanitizer.review(submitted);
  }

  /**
   * The protected-link rule on a reviewed body against the stored one. A body
   * that says what the stored one says is no change, however the stored one
   * is spelt: the stored body is kept. `articleUrl` is the article's address,
   * against which relative links resolve.
   */
  protect(stored: string, reviewed: string, articleUrl: string | null): BodyEditOutcome {
    const diff = this.protectedLinks.diff(stored, reviewed, linkBase(articleUrl));
    if (diff.removed.length > 0 || diff.added.length > 0) {
      return { ok: false, protectedLinks: this.protectedLinks.affected(diff) };
    }
    const same = stored === reviewed || this.normalize(stored) === reviewed;
    const body = same ? stored : reviewed;
    return { ok: true, body, changed: !same, wordCount: countWords(body) };
  }

  /** Both rules at once: what an edit from `stored` to `submitted` would store. */
  edit(stored: string, submitted: string, articleUrl: string | null): BodyEditOutcome {
    const verdict = this.review(submitted);
    if (!verdict.ok) return verdict;
    return this.protect(stored, verdict.html, articleUrl);
  }

  /**
   * The protected links of `current` that `candidate` lacks or alters, as
   * stored: what restoring an earlier revision would drop.
   */
  missingLinks(current: string, candidate: string, articleUrl: string | null): ProtectedLink[] {
    const { removed } = this.protectedLinks.diff(current, candidate, linkBase(articleUrl));
    return this.protectedLinks.affected({ removed, added: [] });
  }

  /** A body with everything outside the allow-list left out, for showing it. */
  preview(body: string): string {
    return this.sanitizer.preview(body);
  }

  /** The protected links of a body, in document order, as the API lists them. */
  links(body: string): ProtectedLink[] {
    return this.protectedLinks.links(body);
  }

  /** A body as an accepted one is written, nothing left out: equal results mean the same body. */
  normalize(body: string): string {
    return this.sanitizer.spelling(body);
  }
}
