import type { Request } from 'express';
import { channelOf } from '../common/request/agent-connection.js';
import { MCP_PATH } from '../common/request/mcp-path.js';

/**
 * Where an assistant's access token is accepted: its audience is the hosted
 * agent server ({mcp_url}), so on /mcp itself and on the API requests that
 * server makes for a tool call (its own in-memory connections, which
 * nothing a client sends can imitate). Sent anywhere else — straight to
 * /api/v1 — it is no credential at all (401 `invalid_credentials`).
 */
export function acceptsAccessTokens(req: Request): boolean {
  return req.path === MCP_PATH || channelOf(req) === 'mcp';
}
