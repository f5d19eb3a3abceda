import type { CallChannel } from './call-paths.js';

export type Channel = CallChannel;

/** What the hosted agent server says about an API request it makes: the tool making it, if any. */
export interface AgentCall {
  tool?: string;
  /** The operation the tool maps to: a tool is believed only on a call of that operation. */
  operationId?: string;
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
 * The tool that made an agent call to the operation `operationId`. A tool
 * marked for another operation is ignored, so the log never records a
 * made-up one.
 */
export function toolOf(req: Connected, operationId: string | null | undefined): string | null {
  const call = agentConnections.get(req.socket);
  return call?.tool !== undefined && call.operationId === operationId ? call.tool : null;
}

interface Answering {
  locals: Record<string, unknown>;
}

const TOOL_CALL_SENT = 'contentApiToolCallSent';
const AGENT_MESSAGE = 'contentApiAgentMessage';

/** Notes on a /mcp response that a tool call of it reached the API, which logs it. */
export function markToolCallSent(res: Answering): void {
  res.locals[TOOL_CALL_SENT] = true;
}

export function toolCallSent(res: Answering): boolean {
  return res.locals[TOOL_CALL_SENT] === true;
}

/**
 * Notes what a /mcp message is, once its body is read: a known tool's name
 * for a tools/call, else its JSON-RPC method (`initialize`, `tools/list`…),
 * or null when it names none.
 */
export function noteAgentMessage(res: Answering, name: string | null): void {
  res.locals[AGENT_MESSAGE] = name;
}

export function agentMessageOf(res: Answering): string | null {
  const name = res.locals[AGENT_MESSAGE];
  return typeof name === 'string' ? name : null;
}
