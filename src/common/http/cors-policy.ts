import cors from 'cors';
import type { RequestHandler } from 'express';
import type { CorsOrigins } from '../../config/app-config.js';

/**
 * What a page on an allowed origin may send: the key headers, JSON, the
 * validators, and MCP's headers (2026-07-28 repeats the method and the tool
 * of a message in Mcp-Method and Mcp-Name).
 */
const ALLOWED_HEADERS = [
  'Authorization',
  'X-API-Key',
  'Content-Type',
  'If-Match',
  'If-None-Match',
  'X-Request-Id',
  'Mcp-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
];

/** What its scripts may read beyond the safelisted headers: limits, tracing, validators, paging. */
export const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'X-Request-Id',
  'ETag',
  'Link',
  'WWW-Authenticate',
];

/** How long a browser may reuse a preflight's answer (Chromium caps it at two hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * The CORS policy of the API and /mcp (CORS_ORIGINS). Keys travel in
 * headers, never in cookies, so a cross-origin request is never sent with
 * credentials: `Access-Control-Allow-Credentials` is never set, whatever the
 * list says, and `*` stays safe. Every preflight is answered here, before
 * authentication, limits and the learning log (it is the browser asking, not
 * a call): 204, granting only an allowed origin. A disallowed origin gets
 * no CORS header, so its browser refuses the call.
 */
export function corsPolicy(origins: CorsOrigins): RequestHandler {
  const allows = (origin: string | undefined): boolean =>
    origin !== undefined && (origins === '*' || origins.includes(origin));
  const grant = cors({
    origin: origins === '*' ? '*' : (origin, done) => done(null, allows(origin)),
    methods: ['GET', 'HEAD', 'PUT', 'POST'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
  return (req, res, next) => {
    // The answer depends on the Origin unless every origin gets the same one.
    if (origins !== '*') res.vary('Origin');
    grant(req, res, () => {
      if (req.method !== 'OPTIONS') return next();
      res.status(204).setHeader('Content-Length', '0');
      res.end();
    });
  };
}
