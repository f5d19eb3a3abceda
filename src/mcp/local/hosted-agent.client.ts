import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  type CallToolResult,
} from '@modelcontextprotocol/server';
import { AGENT_SERVER_INFO, type ToolRunner } from '../agent-server.js';
import { MCP_PATH } from '../../common/request/mcp-path.js';
import { MODERN_PROTOCOL_VERSION } from '../protocol-revision.js';
import { parseBody, type ApiResponse, type ToolArguments } from '../tools/api-request.js';
import { toolResult, unreachableResult } from '../tools/tool-result.js';
import type { LocalSettings } from './local-settings.js';

const USER_AGENT = `${AGENT_SERVER_INFO.name}-mcp/${AGENT_SERVER_INFO.version} (local, stdio)`;

/** Who sends a 2026-07-28 message, in which revision, able to do what (nothing more). */
const ENVELOPE = {
  [PROTOCOL_VERSION_META_KEY]: MODERN_PROTOCOL_VERSION,
  [CLIENT_INFO_META_KEY]: {
    name: `${AGENT_SERVER_INFO.name}-mcp`,
    version: AGENT_SERVER_INFO.version,
  },
  [CLIENT_CAPABILITIES_META_KEY]: {},
};

/** What the deployment's agent server answered a tool call. */
export type HostedAnswer =
  | { kind: 'result'; result: CallToolResult }
  | { kind: 'protocol-error'; code: number; message: string }
  /** Refused before any tool ran (no key, limits, a wrong address): the HTTP answer. */
  | { kind: 'refused'; response: ApiResponse };

/**
 * The local agent server's way to the tools: each tool call is passed on, as
 * a `tools/call` message with SERVICE_API_KEY, to the deployment's own hosted
 * agent server at `{SERVICE_API_URL}/mcp`. That server runs the call through
 * its API in-process, so the call is the deployment's agent call in every
 * respect — counted, limited, logged with channel `mcp` and the tool, and
 * stored with origin `mcp` — on the deployment's word, not on anything this
 * process could claim. Each message stands alone, in revision 2026-07-28:
 * its `_meta` says who sends it, in which revision, so no handshake is needed.
 */
export class HostedAgentClient {
  private nextId = 1;

  constructor(
    private readonly settings: LocalSettings,
    private readonly timeoutMs = 60_000,
  ) {}

  async callTool(name: string, args: ToolArguments): Promise<HostedAnswer> {
    const id = this.nextId++;
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl}${MCP_PATH}`, {
        method: 'POST',
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          authorization: `Bearer ${this.settings.apiKey}`,
          'user-agent': USER_AGENT,
          'mcp-protocol-version': MODERN_PROTOCOL_VERSION,
          'mcp-method': 'tools/call',
          'mcp-name': name,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name, arguments: args, _meta: ENVELOPE },
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new Error(this.describeFailure(error), { cause: error });
    }
    const body = parseBody(
      response.headers.get('content-type') ?? undefined,
      await response.text(),
    );
    const message = jsonRpcAnswer(body, id);
    if (response.ok && message?.result !== undefined) {
      return { kind: 'result', result: message.result };
    }
    if (response.ok && message?.error !== undefined) {
      return { kind: 'protocol-error', ...message.error };
    }
    return {
      kind: 'refused',
      response: { status: response.status, headers: Object.fromEntries(response.headers), body },
    };
  }

  private describeFailure(error: unknown): string {
    const where = this.settings.baseUrl;
    if (error instanceof Error && error.name === 'TimeoutError') {
      return `${where} did not answer within ${this.timeoutMs / 1000} s`;
    }
    const cause =
      error instanceof Error ? (error.cause as { code?: string; message?: string }) : {};
    const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : '');
    return `cannot connect to ${where}${reason ? `: ${reason}` : ''}`;
  }
}

/** The local server's tool runner: every call answered by the deployment's agent server. */
export function hostedToolRunner(client: HostedAgentClient): ToolRunner {
  return async (tool, args) => {
    let answer: HostedAnswer;
    try {
      answer = await client.callTool(tool.name, args);
    } catch (error) {
      return unreachableResult(tool, error);
    }
    switch (answer.kind) {
      case 'result':
        return answer.result;
      case 'protocol-error':
        throw new ProtocolError(answer.code, answer.message);
      case 'refused':
        return toolResult(tool, answer.response);
    }
  };
}

interface JsonRpcAnswer {
  result?: CallToolResult;
  error?: { code: number; message: string };
}

/** The JSON-RPC response to message `id` in a body, if that is what the body is. */
function jsonRpcAnswer(body: unknown, id: number): JsonRpcAnswer | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = body as { id?: unknown; result?: unknown; error?: unknown };
  if (message.id !== id) return undefined;
  if (typeof message.result === 'object' && message.result !== null) {
    return { result: message.result as CallToolResult };
  }
  const error = message.error as { code?: unknown; message?: unknown } | undefined;
  if (typeof error?.code === 'number' && typeof error.message === 'string') {
    return { error: { code: error.code, message: error.message } };
  }
  return undefined;
}
