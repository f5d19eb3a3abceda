import { Inject, Injectable } from '@nestjs/common';
import { csrfSync } from 'csrf-sync';
import type { Request } from 'express';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { fromOwnOrigin } from './same-origin.js';

/** The hidden field every state-changing form carries. */
export const CSRF_FIELD = '_csrf';

/**
 * CSRF defence for the signed-in pages: a synchroniser token per session
 * (csrf-sync: kept in the session on the server, rendered into each form)
 * and the request's origin checked against PUBLIC_BASE_URL. The session
 * cookie's SameSite=Lax is a third, browser-side line.
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

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The session's token, made on first use; forms render it in CSRF_FIELD. */
  token(req: Request): string {
    return this.tokens.generateToken(req);
  }

  /** A fresh token, when the session changes hands (signing in). */
  renew(req: Request): string {
    return this.tokens.generateToken(req, true);
  }

  /** Whether a POST carries the session's token and comes from this service's own pages. */
  allows(req: Request): boolean {
    return fromOwnOrigin(req, this.config.publicBaseUrl) && this.tokens.isRequestValid(req);
  }
}
