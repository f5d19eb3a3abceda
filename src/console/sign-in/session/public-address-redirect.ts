import type { RequestHandler } from 'express';
import { loopbackAlias } from '../../../common/net/loopback-names.js';

/**
 * Browser pages (the console, the authorization endpoint) asked for at
 * another loopback name of a loopback public address — 127.0.0.1 while
 * PUBLIC_BASE_URL is http://localhost:3000 — are sent to the same path and
 * query at the public address before anything is shown (303). The session
 * cookie and the forms' origin check belong to the public address: a
 * sign-in form shown at the other name could never be accepted. Only GET
 * and HEAD: a form posted there is answered by the console's guard.
 */
export function toPublicAddress(publicBaseUrl: string): RequestHandler {
  const publicOrigin = new URL(publicBaseUrl).origin;
  return (req, res, next) => {
    const asked = req.method === 'GET' || req.method === 'HEAD';
    if (!asked || loopbackAlias(publicBaseUrl, req.headers.host) === null) return next();
    res.redirect(303, `${publicOrigin}${req.originalUrl}`);
  };
}
