import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { formCookie, type BrowserCookie } from './session-cookie.js';

const TOKEN = /^[0-9a-f]{64}$/;

/**
 * The CSRF token of the forms someone fills in before there is anything to
 * keep for them on the server — signing in, choosing a password: a random
 * value in an HttpOnly, SameSite=Lax cookie (`__Host-` and Secure over
 * https), repeated in the form (double submit). Another site can neither
 * read the cookie nor set it, so it cannot fill in the form's field; the
 * request's Origin is checked as well (CsrfProtection). Nothing is stored,
 * so an anonymous visitor adds no session row.
 */
export class FormCookieTokens {
  private readonly cookie: BrowserCookie;

  constructor(publicBaseUrl: string) {
    this.cookie = formCookie(publicBaseUrl);
  }

  /** The browser's token; a new one, sent as the cookie, when it has none. */
  token(req: Request): string {
    const held = this.held(req);
    if (held !== undefined) return held;
    const token = randomBytes(32).toString('hex');
    // A Secure cookie cannot be kept over http: the page says to use https instead.
    if (!this.cookie.options.secure || arrivedOverHttps(req)) {
      req.res?.cookie(this.cookie.name, token, this.cookie.options);
    }
    return token;
  }

  /** Whether `sent` (the form's field) is the token of the browser that sent it. */
  matches(req: Request, sent: string | undefined): boolean {
    const held = this.held(req);
    return (
      held !== undefined &&
      sent !== undefined &&
      TOKEN.test(sent) &&
      timingSafeEqual(Buffer.from(held), Buffer.from(sent))
    );
  }

  private held(req: Request): string | undefined {
    const value = cookieValue(req.headers.cookie, this.cookie.name);
    return value !== undefined && TOKEN.test(value) ? value : undefined;
  }
}

/** The first cookie of that name in a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** Over https, directly or through a proxy that says so (as express-session trusts it). */
function arrivedOverHttps(req: Request): boolean {
  const forwarded = req.headers['x-forwarded-proto'];
  return (
    req.secure || (typeof forwarded === 'string' && forwarded.split(',')[0].trim() === 'https')
  );
}
