import type { Request } from 'express';
import { ApiError } from '../common/errors/api-error.js';
import { MCP_PATH } from '../mcp/mcp-path.js';
import { resourceMetadataUrlOf } from '../oauth/oauth-paths.js';
import { OAUTH_SCOPES } from '../oauth/oauth-scopes.js';

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
  const about = `resource_metadata="${resourceMetadataUrlOf(publicBaseUrl)}", scope="${OAUTH_SCOPES.join(' ')}"`;
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
