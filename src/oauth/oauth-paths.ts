import { MCP_PATH } from '../mcp/mcp-path.js';

/** Where the authorization server's endpoints live (authorize, token, register, revoke). */
export const OAUTH_PATH = '/oauth';

export const OAUTH_ROUTES = {
  authorization: '/authorize',
  token: '/token',
  registration: '/register',
  revocation: '/revoke',
} as const;

/** The consent page an authorization request is sent to, by interaction id. */
export const CONSENT_PATH = '/console/authorize';

export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/** The hosted agent server's address: the resource access tokens are for. */
export function mcpUrlOf(publicBaseUrl: string): string {
  return `${publicBaseUrl}${MCP_PATH}`;
}

/** Where a client finds out how to get a token for /mcp (RFC 9728). */
export function resourceMetadataUrlOf(publicBaseUrl: string): string {
  return `${publicBaseUrl}${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`;
}
