import type { RequestHandler } from 'express';
import {
  type Authenticator,
  InsufficientScopeError,
  withResourceChallenge,
} from '../../auth/index.js';
import { MCP_PATH } from '../../common/request/mcp-path.js';

/**
 * Checks the credential of a request to /mcp before its body is read, as
 * ApiKeyGuard does for the endpoint's `@Authenticated('read')`: without a
 * valid one an assistant gets the 401 and its WWW-Authenticate discovery
 * header whatever it sent (a charset the parser refuses, a 17 MB body), and
 * nobody's body is read before they are known. The guard then finds the
 * verdict cached. Mounted after call admission, so such a call is still
 * counted (per client address without a key) and logged, as a call to
 * `mcp` since its message was never read.
 */
export function authenticateMcpFirst(
  authenticator: Authenticator,
  publicBaseUrl: string,
): RequestHandler {
  return (req, _res, next) => {
    if (req.path !== MCP_PATH) return next();
    authenticator.authenticateRequest(req).then(
      (principal) =>
        next(
          principal.scopes.includes('read')
            ? undefined
            : withResourceChallenge(new InsufficientScopeError('read'), req, publicBaseUrl),
        ),
      (error: unknown) => next(withResourceChallenge(error, req, publicBaseUrl)),
    );
  };
}
