import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/server';
import { appToolMeta, readAppResource, REPORT_APP_RESOURCE } from './app/report-app.js';
import { AGENT_PROMPTS, getPrompt } from './prompts/agent-prompts.js';
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
  'Reads the websites, articles, backlinks, period statistics and monthly reports of the account the API key belongs to, and makes careful, audited article edits.',
  'Start with list_sites for site ids, then list_articles / list_backlinks / get_stats for one site; get_article before any edit.',
  'For a client report, get_report (one website) or get_account_report (every website) answers in one call; the prompt monthly_client_report drafts the client’s report from get_report.',
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
/**
 * Why a connection is offered only the read tools: the client `asked`
 * (X-MCP-Readonly, SERVICE_READ_ONLY), so a write tool called anyway is
 * refused here; or its `credential` cannot write, so such a call goes on to
 * the API, which refuses it as it refuses any read key (insufficient_scope),
 * counted and logged like every call.
 */
export type ReadOnlyReason = 'asked' | 'credential';

export function createAgentServer(
  run: ToolRunner,
  { readOnly }: { readOnly?: ReadOnlyReason } = {},
): Server {
  const server = new Server(AGENT_SERVER_INFO, {
    capabilities: { tools: {}, prompts: {}, resources: {} },
    instructions: INSTRUCTIONS,
  });
  const offered = offeredTools(readOnly !== undefined);
  server.setRequestHandler('tools/list', () => ({ tools: offered.map(listing) }));
  server.setRequestHandler('tools/call', async ({ params }) => {
    const tool = toolNamed(params.name);
    if (tool === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool "${params.name}". Tools: ${offered.map((t) => t.name).join(', ')}.`,
      );
    }
    if (readOnly === 'asked' && !offered.includes(tool)) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `The tool "${tool.name}" changes data, and this connection asked to be read-only ` +
          `(${READ_ONLY_ASKED}). Tools: ${offered.map((t) => t.name).join(', ')}.`,
      );
    }
    return run(tool, params.arguments ?? {});
  });
  server.setRequestHandler('prompts/list', () => ({
    prompts: AGENT_PROMPTS.map((entry) => entry.prompt),
  }));
  server.setRequestHandler('prompts/get', ({ params }) => getPrompt(params.name, params.arguments));
  server.setRequestHandler('resources/list', () => ({ resources: [REPORT_APP_RESOURCE] }));
  server.setRequestHandler('resources/read', ({ params }) => readAppResource(params.uri));
  return server;
}

/** How a client asks for read-only mode, as said to an assistant that calls a write tool anyway. */
const READ_ONLY_ASKED = 'the X-MCP-Readonly header, or SERVICE_READ_ONLY for content-api mcp';

/**
 * The tools offered: in read-only mode only those that change nothing, so
 * that an assistant does not plan an edit it may not make (and spends no
 * context on their schemas).
 */
export function offeredTools(readOnly: boolean): readonly AgentTool[] {
  return readOnly
    ? AGENT_TOOLS.filter((tool) => tool.annotations.readOnlyHint === true)
    : AGENT_TOOLS;
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
    ...(tool.app === undefined ? {} : { _meta: appToolMeta(tool.app) }),
  };
}
