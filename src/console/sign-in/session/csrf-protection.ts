import { Inject, Injectable } from '@nestjs/common';
import { csrfSync } from 'csrf-sync';
import type { Request } from 'express';
import type { AppConfig } from '../../../config/app-config.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import { FormCookieTokens } from './form-cookie-tokens.js';
import { fromOwnOrigin, ownPageElsewhere } from './same-origin.js';

/** The hidden field every state-changing form carries. */
export const CSRF_FIELD = '_csrf';

/**
 * CSRF defence for the console's forms: a synchroniser token per session
 * (csrf-sync: kept in the session on the server, rendered into each form)
 * and the request's origin checked against PUBLIC_BASE_URL. The session
 * cookie's SameSite=Lax is a third, browser-side line. Before a session has
 * a token — an anonymous visitor signing in or choosing a password — the
 * token is a double-submit cookie instead (FormCookieTokens), so that
 * showing a form stores nothing; signing in starts the session and its token.
 */
@Injectable()
export class CsrfProtection {
  private readonly tokens = csrfSync({
    getTokenFromRequest: (req) => {
      const body = req.body as Record<string, unknown> | undefined;
      const token = body?.[CSRF_FIELD];
      return typeof token === 'string' ? token : undefined;
    },
    size: 32,
  });
  private readonly anonymous: FormCookieTokens;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.anonymous = new FormCookieTokens(config.publicBaseUrl);
  }

  /** The token forms render in CSRF_FIELD: the session's, or the browser's when it has none. */
  token(req: Request): string {
    return this.sessionHoldsToken(req) ? this.tokens.generateToken(req) : this.anonymous.token(req);
  }

  /** A fresh token, when the session changes hands (signing in). */
  renew(req: Request): string {
    return this.tokens.generateToken(req, true);
  }

  /**
   * Whether a POST comes from this service's own pages and carries the
   * session's token — or, when the session holds none, the browser's.
   */
  allows(req: Request): boolean {
    if (!fromOwnOrigin(req, this.config.publicBaseUrl)) return false;
    return this.sessionHoldsToken(req)
      ? this.tokens.isRequestValid(req)
      : this.anonymous.matches(req, this.tokens.getTokenFromRequest(req) ?? undefined);
  }

  private sessionHoldsToken(req: Request): boolean {
    return typeof (req.session as Request['session'] | undefined)?.csrfToken === 'string';
  }

  /**
   * For a refused POST: the address its page was opened at, when that is
   * this server under a name other than PUBLIC_BASE_URL's (so the person
   * can be told which address to use), else undefined.
   */
  openedElsewhere(req: Request): string | undefined {
    return ownPageElsewhere(req, this.config.publicBaseUrl);
  }
}
