import type { Child, FC } from 'hono/jsx';
import { CSRF_FIELD } from '../../sign-in/csrf-protection.js';

export const CsrfField: FC<{ token?: string }> = ({ token }) =>
  token === undefined ? null : <input type="hidden" name={CSRF_FIELD} value={token} />;

export type Tone = 'info' | 'ok' | 'warn' | 'bad';

export const Notice: FC<{ tone: Tone; title?: string; children?: Child }> = ({
  tone,
  title,
  children,
}) => (
  <div class={`notice ${tone}`} role={tone === 'bad' || tone === 'warn' ? 'alert' : 'status'}>
    {title ? <strong>{title}</strong> : null}
    {children}
  </div>
);

export const Badge: FC<{ tone?: Tone; children?: Child }> = ({ tone, children }) => (
  <span class={tone ? `badge ${tone}` : 'badge'}>{children}</span>
);

export const Empty: FC<{ title: string; children?: Child }> = ({ title, children }) => (
  <div class="empty">
    <strong>{title}</strong>
    {children}
  </div>
);

/** A time in UTC, readable, with the exact instant for machines and on hover. */
export const Time: FC<{ value: string | Date | null | undefined; empty?: string }> = ({
  value,
  empty = '—',
}) => {
  if (value === null || value === undefined) return <span class="muted">{empty}</span>;
  const date = typeof value === 'string' ? new Date(value) : value;
  const iso = date.toISOString();
  return (
    <time datetime={iso} title={iso} class="nowrap">
      {`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`}
    </time>
  );
};

/** A day only: `2026-11-22`. */
export const Day: FC<{ value: string | null | undefined }> = ({ value }) =>
  value ? (
    <time datetime={value} class="nowrap">
      {value.slice(0, 10)}
    </time>
  ) : (
    <span class="muted">—</span>
  );

/**
 * A link to a URL stored in account data (a website, an article, an image).
 * Only http and https become links: anything else (`javascript:`) is shown
 * as text. It opens elsewhere without telling that site where it came from.
 */
export const OutLink: FC<{ href: string | null | undefined; children?: Child }> = ({
  href,
  children,
}) => {
  if (!href) return <span class="muted">—</span>;
  if (!isWebUrl(href)) return <span class="mono">{href}</span>;
  return (
    <a href={href} rel="noopener noreferrer nofollow" target="_blank">
      {children ?? href}
    </a>
  );
};

export function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export interface PagerProps {
  /** What is shown, e.g. "Articles 51–100 of 142". */
  summary: string;
  previous?: string | null;
  next?: string | null;
  previousLabel?: string;
  nextLabel?: string;
}

export const Pager: FC<PagerProps> = ({
  summary,
  previous,
  next,
  previousLabel = '← Previous',
  nextLabel = 'Next →',
}) => (
  <nav class="pager" aria-label="Pages">
    <span class="muted">{summary}</span>
    <span class="links">
      {previous ? (
        <a class="button secondary small" href={previous} rel="prev">
          {previousLabel}
        </a>
      ) : (
        <span class="button secondary small" aria-disabled="true">
          {previousLabel}
        </span>
      )}
      {next ? (
        <a class="button secondary small" href={next} rel="next">
          {nextLabel}
        </a>
      ) : (
        <span class="button secondary small" aria-disabled="true">
          {nextLabel}
        </span>
      )}
    </span>
  </nav>
);

/** A button that copies the text of element `target` (shown only when the script runs). */
export const CopyButton: FC<{ target: string; label?: string }> = ({ target, label = 'Copy' }) => (
  <button type="button" class="secondary small copy" data-copy={target} hidden>
    {label}
  </button>
);
