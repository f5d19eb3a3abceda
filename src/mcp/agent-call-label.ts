import { callChannelOf, type CallChannel } from '../common/http/call-paths.js';
import { MCP_PATH } from './mcp-path.js';
import { AGENT_TOOLS } from './tool-table.js';

export type Channel = CallChannel;

/** What the hosted agent server says about an API request it makes: the tool making it, if any. */
export interface AgentCall {
  tool?: string;
}

/**
 * The in-memory connections the hosted agent server opens to the app's own
 * HTTP server (socket-pair.ts), each carrying one API request of a tool
 * call. They are recognised by identity: no client can open one or name
 * one, so no header, path or body can make a request look like the agent
 * server's. Held weakly, so a closed connection is forgotten.
 */
const agentConnections = new WeakMap<object, AgentCall>();

/** Marks a connection as the agent server's own before its request is sent. */
export function markAgentConnection(connection: object, call: AgentCall): void {
  agentConnections.set(connection, call);
}

interface Connected {
  socket: object;
}

/** `mcp` for a request the hosted agent server made, `api` for every other. */
export function channelOf(req: Connected): Channel {
  return agentConnections.has(req.socket) ? 'mcp' : 'api';
}

/**
 * The tool that made an agent call to the operation `operationId`. A name
 * that is no tool of that operation is ignored, so the log never records a
 * made-up one.
 */
export function toolOf(req: Connected, operationId: string | null | undefined): string | null {
  const name = agentConnections.get(req.socket)?.tool;
  const tool = AGENT_TOOLS.find((candidate) => candidate.name === name);
  return tool !== undefined && tool.operationId === operationId ? tool.name : null;
}

const TOOL_CALL_SENT = 'contentApiToolCallSent';

/** Notes on a /mcp response that a tool call of it reached the API, which logs it. */
export function markToolCallSent(res: { locals: Record<string, unknown> }): void {
  res.locals[TOOL_CALL_SENT] = true;
}

/** The operation of a request to /mcp that names no protocol method. */
const MCP_ENDPOINT = 'mcp';

export interface LogLabel {
  channel: Channel;
  operation: string | null;
}

/**
 * How the learning log names a call. An API call: its channel and its tool or
 * operation id. A message to the hosted agent server (/mcp): channel `mcp`
 * and the tool or protocol method — or nothing (null) when its tool call
 * reached the API, so that each tool call is logged once, by that API call.
 * A request to /mcp that names no method (a GET or DELETE, refused with 405,
 * or a body that is not JSON-RPC) is still a call to that endpoint, named
 * `mcp`. Any other spelling of /api or /mcp is a call to no route: its
 * channel by its path, no operation.
 */
export function learningLogLabel(
  req: Connected & { path: string; body?: unknown; operationId?: string },
  res: { locals: Record<string, unknown> },
): LogLabel | null {
  if (req.path === MCP_PATH) {
    return res.locals[TOOL_CALL_SENT] === true
      ? null
      : { channel: 'mcp', operation: messageName(req.body) ?? MCP_ENDPOINT };
  }
  if (callChannelOf(req.path) === 'mcp') return { channel: 'mcp', operation: null };
  return {
    channel: channelOf(req),
    operation: toolOf(req, req.operationId) ?? req.operationId ?? null,
  };
}

/** `list_sites` for a tools/call of a known tool, else the JSON-RPC method (`initialize`, `tools/list`…). */
function messageName(body: unknown): string | null {
  const message: unknown = Array.isArray(body) ? body[0] : body;
  if (typeof message !== 'object' || message === null) return null;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (typeof method !== 'string') return null;
  if (method === 'tools/call' && typeof params?.name === 'string') {
    const tool = AGENT_TOOLS.find((candidate) => candidate.name === params.name);
    if (tool !== undefined) return tool.name;
  }
  return method.slice(0, 100);
}
