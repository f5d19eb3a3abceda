import type { Request } from 'express';
import { ApiError } from '../common/errors/api-error.js';
import { addressedBase } from '../common/net/loopback-names.js';
import { MCP_PATH } from '../common/request/mcp-path.js';
import { resourceMetadataUrlOf } from '../common/request/oauth-paths.js';
import { OAUTH_SCOPES } from '../common/request/scopes.js';

/**
 * On /mcp, a refusal tells an assistant how to get a credential (RFC 9728,
 * RFC 6750): a 401 points at the Protected Resource Metadata and the scopes
 * to ask for; a token without the scope needed is a 403 `insufficient_scope`
 * saying so. The error body stays the API's envelope. Other paths keep their
 * challenge as it is.
 */
export function withResourceChallenge(
  error: unknown,
  req: Request,
  publicBaseUrl: string,
): unknown {
  if (req.path !== MCP_PATH || !(error instanceof ApiError)) return error;
  // At another loopback name of a loopback public address, the metadata of that address (RFC 9728 §3.3).
  const base = addressedBase(publicBaseUrl, req.headers.host);
  const about = `resource_metadata="${resourceMetadataUrlOf(base)}", scope="${OAUTH_SCOPES.join(' ')}"`;
  if (error.status === 401) {
    const invalid = error.code === 'invalid_credentials' ? ', error="invalid_token"' : '';
    return new ApiError(401, error.code, error.message, error.extras, {
      'WWW-Authenticate': `Bearer ${about}${invalid}`,
    });
  }
  if (error.code === 'insufficient_scope') {
    return new ApiError(403, error.code, error.message, error.extras, {
      'WWW-Authenticate': `Bearer error="insufficient_scope", ${about}`,
    });
  }
  return error;
}
