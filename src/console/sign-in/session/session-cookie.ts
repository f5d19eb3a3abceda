import { SESSION_IDLE_MS } from './session-data.js';

/** A cookie of the browser session's kind: what both express-session and express set. */
export interface BrowserCookie {
  name: string;
  options: { httpOnly: true; sameSite: 'lax'; secure: boolean; path: '/'; maxAge: number };
}

/**
 * The session cookie's name and attributes. Served over https (PUBLIC_BASE_URL
 * says so), it is `Secure` and `__Host-`-prefixed, which a browser accepts only
 * from a secure origin, for the whole host (`Path=/`, no `Domain`): no
 * subdomain and no plain-http page can set or overwrite it.
 */
export function sessionCookie(publicBaseUrl: string): BrowserCookie {
  return browserCookie(publicBaseUrl, 'content_api_session');
}

/** The cookie holding the CSRF token of forms shown before a session (FormCookieTokens), alike. */
export function formCookie(publicBaseUrl: string): BrowserCookie {
  return browserCookie(publicBaseUrl, 'content_api_form');
}

function browserCookie(publicBaseUrl: string, name: string): BrowserCookie {
  const secure = new URL(publicBaseUrl).protocol === 'https:';
  return {
    name: secure ? `__Host-${name}` : name,
    options: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: SESSION_IDLE_MS },
  };
}
