import type { CookieOptions } from 'express-session';
import { SESSION_IDLE_MS } from './session-data.js';

const COOKIE_NAME = 'content_api_session';

/**
 * The session cookie's name and attributes. Served over https (PUBLIC_BASE_URL
 * says so), it is `Secure` and `__Host-`-prefixed, which a browser accepts only
 * from a secure origin, for the whole host (`Path=/`, no `Domain`): no
 * subdomain and no plain-http page can set or overwrite it.
 */
export function sessionCookie(publicBaseUrl: string): { name: string; options: CookieOptions } {
  const secure = new URL(publicBaseUrl).protocol === 'https:';
  return {
    name: secure ? `__Host-${COOKIE_NAME}` : COOKIE_NAME,
    options: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_IDLE_MS },
  };
}
