import type { IncomingHttpHeaders } from 'node:http';
import { MCP_PATH } from './mcp-path.js';
import { AGENT_TOOLS } from './tool-table.js';

/**
 * Headers the agent server puts on the API requests it makes, hosted or
 * local, so that the learning log records channel `mcp` and the tool, and an
 * edit is recorded with origin `mcp`. They only label a call: the key, its
 * scopes and its limits are the same whatever they say.
 */
export const CHANNEL_HEADER = 'x-content-api-channel';
export const TOOL_HEADER = 'x-content-api-tool';

export type Channel = 'api' | 'mcp';

interface LabelledRequest {
  headers: IncomingHttpHeaders;
}

export function agentCallHeaders(tool?: string): Record<string, string> {
  return { [CHANNEL_HEADER]: 'mcp', ...(tool === undefined ? {} : { [TOOL_HEADER]: tool }) };
}

export function channelOf(req: LabelledRequest): Channel {
  return req.headers[CHANNEL_HEADER] === 'mcp' ? 'mcp' : 'api';
}

/**
 * The tool that made an agent call to the operation `operationId`. A name
 * that is no tool of that operation is ignored, so the log never records a
 * made-up one.
 */
export function toolOf(
  req: LabelledRequest,
  operationId: string | null | undefined,
): string | null {
  const name = req.headers[TOOL_HEADER];
  if (channelOf(req) !== 'mcp' || typeof name !== 'string') return null;
  const tool = AGENT_TOOLS.find((candidate) => candidate.name === name);
  return tool !== undefined && tool.operationId === operationId ? tool.name : null;
}

const TOOL_CALL_SENT = 'contentApiToolCallSent';

/** Notes on a /mcp response that a tool call of it reached the API, which logs it. */
export function markToolCallSent(res: { locals: Record<string, unknown> }): void {
  res.locals[TOOL_CALL_SENT] = true;
}

export interface LogLabel {
  channel: Channel;
  operation: string | null;
}

/**
 * How the learning log names a call. An API call: its channel and its tool or
 * operation id. A message to the hosted agent server (/mcp): channel `mcp`
 * and the tool or protocol method — or nothing (null) when its tool call
 * reached the API, so that each tool call is logged once, by that API call.
 */
export function learningLogLabel(
  req: LabelledRequest & { path: string; body?: unknown; operationId?: string },
  res: { locals: Record<string, unknown> },
): LogLabel | null {
  if (req.path === MCP_PATH || req.path.startsWith(`${MCP_PATH}/`)) {
    return res.locals[TOOL_CALL_SENT] === true
      ? null
      : { channel: 'mcp', operation: messageName(req.body) };
  }
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
