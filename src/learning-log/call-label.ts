import {
  agentMessageOf,
  channelOf,
  toolCallSent,
  toolOf,
  type Channel,
} from '../common/request/agent-connection.js';
import { callChannelOf } from '../common/request/call-paths.js';
import { MCP_PATH } from '../common/request/mcp-path.js';

/** The operation of a request to /mcp that names no protocol method. */
const MCP_ENDPOINT = 'mcp';

export interface LogLabel {
  channel: Channel;
  operation: string | null;
}

interface Labelled {
  socket: object;
  path: string;
  operationId?: string;
}

/**
 * How the learning log names a call. An API call: its channel and its tool or
 * operation id. A message to the hosted agent server (/mcp): channel `mcp`
 * and the tool or protocol method the agent server noted — or nothing (null)
 * when its tool call reached the API, so that each tool call is logged once,
 * by that API call. A request to /mcp that names no method (a GET or DELETE,
 * refused with 405, or a body that is not JSON-RPC) is still a call to that
 * endpoint, named `mcp`. Any other spelling of /api or /mcp is a call to no
 * route: its channel by its path, no operation.
 */
export function learningLogLabel(
  req: Labelled,
  res: { locals: Record<string, unknown> },
): LogLabel | null {
  if (req.path === MCP_PATH) {
    return toolCallSent(res)
      ? null
      : { channel: 'mcp', operation: agentMessageOf(res) ?? MCP_ENDPOINT };
  }
  if (callChannelOf(req.path) === 'mcp') return { channel: 'mcp', operation: null };
  return {
    channel: channelOf(req),
    operation: toolOf(req, req.operationId) ?? req.operationId ?? null,
  };
}
