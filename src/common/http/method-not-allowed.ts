import type { RequestHandler } from 'express';
import type { AppRoutes } from './app-routes.js';
import { isCall } from '../request/call-paths.js';
import { MethodNotAllowedError } from './protocol.errors.js';

/**
 * A call to a path of the API with a method it does not have (`DELETE
 * /api/v1/sites`) is 405 `method_not_allowed` with `Allow`, not the
 * router's 404 (RFC 9110 §15.5.6). Like an unknown path, it is answered
 * whether or not a key is sent, and mounted after call admission, so it is
 * counted and logged (with no operation, since it reaches none). OPTIONS
 * never gets here: the CORS policy answers it first.
 */
export function refuseOtherMethods(routes: AppRoutes): RequestHandler {
  return (req, _res, next) => {
    if (!isCall(req) || routes.lookup(req.method, req.path) !== undefined) return next();
    const allowed = routes.methodsAt(req.path);
    next(allowed.length > 0 ? new MethodNotAllowedError(req.method, allowed) : undefined);
  };
}
