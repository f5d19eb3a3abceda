import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/server';
import { AGENT_TOOLS, toolNamed } from './tool-table.js';
import type { AgentTool } from './tools/agent-tool.js';
import { unknownArguments } from './tools/argument-check.js';
import type { ApiClient, ApiResponse, ToolArguments } from './tools/api-request.js';
import { toolResult, unreachableResult } from './tools/tool-result.js';

/** Runs one tool call to its result: through the API in-process, or by a deployment's agent server. */
export type ToolRunner = (tool: AgentTool, args: ToolArguments) => Promise<CallToolResult>;

export interface ApiToolRunnerHooks {
  /** A tool call refused before any API call (unknown arguments), with its error identifier. */
  onRefused?(error: string): void;
}

/**
 * Runs a tool as its endpoint's request through `api`: the API validates,
 * counts, logs and answers it, and the answer becomes the tool result. Only
 * arguments the tool does not take are refused here (unknownArguments), in
 * the API's error format: the read endpoints ignore unknown parameters, so
 * the API cannot do what the tools' schemas promise.
 */
export function apiToolRunner(api: ApiClient, hooks: ApiToolRunnerHooks = {}): ToolRunner {
  return async (tool, args) => {
    const refusal = unknownArguments(tool, args);
    if (refusal !== undefined) {
      hooks.onRefused?.(refusal.error);
      return toolResult(tool, { status: 422, headers: {}, body: refusal });
    }
    let response: ApiResponse;
    try {
      response = await api.send(tool.toRequest(args), tool.name);
    } catch (error) {
      return unreachableResult(tool, error);
    }
    return toolResult(tool, response);
  };
}

export const AGENT_SERVER_INFO = {
  name: 'content-api',
  title: 'Content and Backlink Reporting API',
  version: '1.0.0',
};

const INSTRUCTIONS = [
  'Reads the websites, articles, backlinks and period statistics of the account the API key belongs to, and makes careful, audited article edits.',
  'Start with list_sites for site ids, then list_articles / list_backlinks / get_stats for one site; get_article before any edit.',
  'Article bodies contain protected links (elements with data-service-protected): an edit must keep each one exactly as it is.',
  'Limits per key, shared with the API (defaults): 60 tool calls per minute, 200 edits per UTC day. Every call is logged, every change kept as a restorable revision.',
].join(' ');

/**
 * The agent server, running each tool call with `run`. It is the SDK's
 * low-level server on purpose: McpServer checks arguments against its own
 * schema before the tool runs, and a call refused there would never reach
 * the API — not counted, not logged, and refused with a message other than
 * the API's. Here a call goes to the endpoint, which validates its argument
 * values; apiToolRunner refuses only arguments a tool does not take.
 */
export function createAgentServer(run: ToolRunner): Server {
  const server = new Server(AGENT_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: INSTRUCTIONS,
  });
  server.setRequestHandler('tools/list', () => ({ tools: AGENT_TOOLS.map(listing) }));
  server.setRequestHandler('tools/call', async ({ params }) => {
    const tool = toolNamed(params.name);
    if (tool === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool "${params.name}". Tools: ${AGENT_TOOLS.map((t) => t.name).join(', ')}.`,
      );
    }
    return run(tool, params.arguments ?? {});
  });
  return server;
}

function listing(tool: AgentTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    // Plain JSON by construction (json-schema.ts); the SDK types input schemas as JSON values.
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    outputSchema: tool.outputSchema,
    annotations: tool.annotations,
  };
}
