import { loopbackAlias } from '../net/loopback-names.js';
import { MCP_PATH } from './mcp-path.js';

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

/**
 * Whether an RFC 8707 `resource` names the hosted agent server: {mcp_url},
 * or its address at another loopback name of a loopback public address
 * (the resource its metadata names there). Tokens for either have
 * {mcp_url} as their audience.
 */
export function isMcpUrl(publicBaseUrl: string, resource: string): boolean {
  if (resource === mcpUrlOf(publicBaseUrl)) return true;
  let url: URL;
  try {
    url = new URL(resource);
  } catch {
    return false;
  }
  const alias = loopbackAlias(publicBaseUrl, url.host);
  return alias !== null && resource === mcpUrlOf(alias);
}

/** Where a client finds out how to get a token for /mcp (RFC 9728). */
export function resourceMetadataUrlOf(publicBaseUrl: string): string {
  return `${publicBaseUrl}${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`;
}
