import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { CreatedKey } from '../../auth/index.js';

/**
 * What a form made that can be shown only once — a new key's secret, a new
 * person's set-password link — kept in the session between the form's 303
 * and the page it leads to (post/redirect/get), and removed as that page
 * shows it: reloading the page shows it no more and makes nothing. The
 * session is stored server-side (console_sessions) and only for those few
 * moments; the key itself is kept only as a hash, as always.
 */
export interface ShownOnce {
  createdKey?: {
    name: string;
    created: CreatedKey;
    /** Set when the key replaces a rotated one: its prefix, and when it stops (ISO). */
    replaces?: { prefix: string; until: string };
  };
  addedPerson?: { email: string; link: string };
}

declare module 'express-session' {
  interface SessionData {
    shownOnce?: ShownOnce;
  }
}

/** What a redirect leaves for the page it leads to (see SeeOther). */
export interface Flash {
  /** A sentence for the next page ("Key … is revoked"). */
  notice?: string;
  /** A new key's secret, a new person's link: shown by the page this leads to, then gone. */
  shownOnce?: ShownOnce;
}

export function leaveFlash(req: Request, { notice, shownOnce }: Flash): void {
  if (notice !== undefined) req.session.notice = notice;
  if (shownOnce !== undefined) req.session.shownOnce = { ...req.session.shownOnce, ...shownOnce };
}

/** The one-time message left for the next page, taken (so it shows once). */
export function takeNotice(req: Request): string | undefined {
  const notice = req.session.notice;
  delete req.session.notice;
  return notice;
}

/** The value, taken out of the session (which is then saved without it); undefined once shown. */
function takeShownOnce<K extends keyof ShownOnce>(req: Request, name: K): ShownOnce[K] | undefined {
  const value = req.session.shownOnce?.[name];
  if (req.session.shownOnce) {
    delete req.session.shownOnce[name];
    if (Object.keys(req.session.shownOnce).length === 0) delete req.session.shownOnce;
  }
  return value;
}

/**
 * What the form that led here left to show once (`@TakeShownOnce('createdKey')`),
 * taken out of the session; undefined when it was shown already.
 */
export const TakeShownOnce = createParamDecorator((name: keyof ShownOnce, ctx: ExecutionContext) =>
  takeShownOnce(ctx.switchToHttp().getRequest<Request>(), name),
);
