import { type Child, type FC, useContext } from 'hono/jsx';
import { CSRF_FIELD } from '../sign-in/session/csrf-protection.js';
import { showTime } from './time-format.js';
import { TimeZone } from './time-zone.js';

export const CsrfField: FC<{ token?: string }> = ({ token }) =>
  token === undefined ? null : <input type="hidden" name={CSRF_FIELD} value={token} />;

/** A button that posts (with the CSRF token) to `action`: Sign out, Disconnect, Allow… */
export const PostButton: FC<{ action: string; csrf?: string; class?: string; children?: Child }> = (
  props,
) => (
  <form method="post" action={props.action}>
    <CsrfField token={props.csrf} />
    <button type="submit" class={props.class}>
      {props.children}
    </button>
  </form>
);

/**
 * The form of a confirmation page: the action's red button, and Cancel back to
 * `cancel`. `children` are the form's other fields (hidden ones).
 */
export const ConfirmForm: FC<{
  action: string;
  csrf: string;
  label: Child;
  cancel: string;
  children?: Child;
}> = ({ action, csrf, label, cancel, children }) => (
  <form method="post" action={action} class="row">
    <CsrfField token={csrf} />
    {children}
    <button type="submit" class="danger">
      {label}
    </button>
    <a class="button secondary" href={cancel}>
      Cancel
    </a>
  </form>
);

/**
 * A form field: its label, its control (`children`, whose id is `id`) and an
 * optional hint below it, `${id}-hint` (for the control's aria-describedby).
 */
export const Field: FC<{ id: string; label: string; hint?: Child; children?: Child }> = ({
  id,
  label,
  hint,
  children,
}) => (
  <div class="field">
    <label for={id}>{label}</label>
    {children}
    {hint === undefined ? null : (
      <p class="hint" id={`${id}-hint`}>
        {hint}
      </p>
    )}
  </div>
);

/** A form's main button, on its own line. */
export const Submit: FC<{ children?: Child }> = ({ children }) => (
  <div>
    <button type="submit" class="primary">
      {children}
    </button>
  </div>
);

/** One fact of a `<dl class="facts">`: its label and value. */
export const Fact: FC<{ label: Child; children?: Child }> = ({ label, children }) => (
  <div>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

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

/**
 * A time in the signed-in person's time zone (UTC unless they chose one),
 * readable (written by showTime), with the exact instant in UTC for machines
 * and on hover. It may break between the day and the clock, so that a narrow
 * column wraps it instead of pushing the columns after it out of sight.
 */
export const Time: FC<{
  value: string | Date | null | undefined;
  empty?: string;
  /** Down to the second (the activity log, where calls come seconds apart). */
  seconds?: boolean;
}> = ({ value, empty = '—', seconds = false }) => {
  const zone = useContext(TimeZone);
  if (value === null || value === undefined) return <span class="muted">{empty}</span>;
  const date = typeof value === 'string' ? new Date(value) : value;
  const iso = date.toISOString();
  const shown = showTime(date, { zone, seconds });
  return (
    <time datetime={iso} title={iso}>
      <span class="nowrap">{shown.day}</span>{' '}
      <span class="nowrap">{`${shown.clock} ${shown.zone}`}</span>
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

/** How many rows are shown, and links to the pages around this one: none for a list of one page. */
export const Pager: FC<PagerProps> = ({
  summary,
  previous,
  next,
  previousLabel = '← Previous',
  nextLabel = 'Next →',
}) => (
  <nav class="pager" aria-label="Pages">
    <span class="muted">{summary}</span>
    {previous || next ? (
      <span class="links">
        <PagerLink href={previous} rel="prev" label={previousLabel} />
        <PagerLink href={next} rel="next" label={nextLabel} />
      </span>
    ) : null}
  </nav>
);

/** A link of the pager, or its label shown disabled where there is no such page. */
const PagerLink: FC<{ href?: string | null; rel: string; label: string }> = ({
  href,
  rel,
  label,
}) =>
  href ? (
    <a class="button secondary small" href={href} rel={rel}>
      {label}
    </a>
  ) : (
    <span class="button secondary small" aria-disabled="true">
      {label}
    </span>
  );

/** A button that copies the text of element `target` (shown only when the script runs). */
export const CopyButton: FC<{ target: string; label?: string }> = ({ target, label = 'Copy' }) => (
  <button type="button" class="secondary small copy" data-copy={target} hidden>
    {label}
  </button>
);
