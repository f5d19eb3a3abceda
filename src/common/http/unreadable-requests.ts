import type { Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { MalformedRequestError } from './protocol.errors.js';

/**
 * Refuses, with 400 `malformed_request` in the error envelope, the requests
 * Node's parser lets through but no route can read:
 * - an HTTP/1.1 request without Host (RFC 9112 §3.2), which Node would
 *   answer itself with an empty 400 (letHostlessRequestsThrough hands it here);
 * - a path that is not percent-encoded UTF-8 (`%ff`, a lone `%`, `%zz`, the
 *   overlong `%c0%ae`), on every route alike, before the router tries to
 *   decode it: it would fail on a route parameter only, and other paths
 *   would be a 404.
 * Mounted after call admission, so that such a call to /api or /mcp is
 * counted and logged like any other, with the operation its path names.
 */
export function refuseUnreadableRequests(req: Request, _res: Response, next: NextFunction): void {
  if (req.httpVersionMajor === 1 && req.httpVersionMinor === 1 && !req.headers.host) {
    return next(new MalformedRequestError('An HTTP/1.1 request must carry a Host header.'));
  }
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(new MalformedRequestError('The request path is not valid percent-encoded UTF-8.'));
  }
  next();
}

/** Turns off Node's own Host check (its `requireHostHeader`), which refuseUnreadableRequests makes instead. */
export function letHostlessRequestsThrough(server: Server): void {
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
}
