import type { Readable, Writable } from 'node:stream';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createAgentServer, offeredTools, type ToolRunner } from '../agent-server.js';
import { MCP_PATH } from '../../common/request/mcp-path.js';
import type { ApiResponse } from '../tools/api-request.js';
import { HostedAgentClient, hostedToolRunner, type HostedAnswer } from './hosted-agent.client.js';
import { LocalSettingsError, readLocalSettings, type LocalSettings } from './local-settings.js';

export interface LocalAgentIo {
  env: Record<string, string | undefined>;
  stdin: Readable;
  /** Carries the protocol and nothing else. */
  stdout: Writable;
  stderr: (text: string) => void;
}

const CHECK_TIMEOUT_MS = 10_000;

/**
 * `content-api mcp`: the agent server on stdio, for SERVICE_API_URL with
 * SERVICE_API_KEY. It lists the tools itself and passes each tool call on to
 * that deployment's agent server (HostedAgentClient), which runs it. Settings
 * are checked before serving (one list_sites call, which counts like any
 * other), so a wrong key or address ends the process with a message instead
 * of failing every tool call; that is a LocalSettingsError. Resolves when the
 * client has closed stdin and the answers to its last calls are out.
 */
export async function serveLocalAgent(io: LocalAgentIo): Promise<void> {
  const settings = readLocalSettings(io.env);
  await checkSettings(settings);
  const calls = new InFlightCalls(hostedToolRunner(new HostedAgentClient(settings)));
  const inputClosed = new Promise<void>((resolve) => {
    io.stdin.once('end', resolve);
    io.stdin.once('close', resolve);
    // A client that went away cannot read answers any more.
    io.stdout.once('error', () => resolve());
  });
  // serveStdio picks the revision from the client's first message: a
  // 2026-07-28 `server/discover` or a 2025 `initialize`.
  const served = serveStdio(
    () => createAgentServer(calls.run, { readOnly: settings.readOnly ? 'asked' : undefined }),
    {
      transport: new StdioServerTransport(io.stdin, io.stdout),
    },
  );
  io.stderr(
    `content-api agent server: ${offeredTools(settings.readOnly).length} tools on stdio${settings.readOnly ? ' (read-only)' : ''}, calling ${settings.baseUrl}\n`,
  );
  await inputClosed;
  // Let the last messages reach their handlers, their API calls finish and the answers go out.
  await nextTurn();
  await calls.settled();
  await nextTurn();
  await served.close();
}

/** Keeps count of the tool calls under way, so the server ends only after them. */
class InFlightCalls {
  private readonly pending = new Set<Promise<CallToolResult>>();

  constructor(private readonly runner: ToolRunner) {}

  readonly run: ToolRunner = (tool, args) => {
    const call = this.runner(tool, args);
    this.pending.add(call);
    void call.finally(() => this.pending.delete(call)).catch(() => undefined);
    return call;
  };

  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function checkSettings(settings: LocalSettings): Promise<void> {
  const client = new HostedAgentClient(settings, CHECK_TIMEOUT_MS);
  let answer: HostedAnswer;
  try {
    answer = await client.callTool('list_sites', { per_page: 1 });
  } catch (error) {
    throw new LocalSettingsError(
      `SERVICE_API_URL: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  const problem = answerProblem(settings, answer);
  if (problem !== undefined) throw new LocalSettingsError(problem);
}

function answerProblem(settings: LocalSettings, answer: HostedAnswer): string | undefined {
  switch (answer.kind) {
    case 'refused':
      return settingsProblem(settings, answer.response);
    case 'protocol-error':
      return `${settings.baseUrl} answered the tool call with an error: ${answer.message}`;
    case 'result': {
      const error = answer.result.isError ? answer.result.structuredContent : undefined;
      return error === undefined
        ? undefined
        : settingsProblem(settings, { status: statusOf(error), headers: {}, body: error });
    }
  }
}

/** The API refusal a tool result carries, as the status it came with. */
function statusOf(error: unknown): number {
  return (error as { error?: unknown } | null)?.error === 'rate_limited' ? 429 : 500;
}

function settingsProblem(settings: LocalSettings, response: ApiResponse): string | undefined {
  const { status, body } = response;
  const apiMessage = messageOf(body);
  if ((status >= 200 && status < 300) || status === 429) return undefined;
  if (status === 401) return `SERVICE_API_KEY was refused by ${settings.baseUrl}: ${apiMessage}`;
  if (status === 403 && isJsonRpc(body)) {
    return `SERVICE_API_URL: ${settings.baseUrl} refused the address it was called by (${apiMessage}); use the server's public address (its PUBLIC_BASE_URL) or a loopback one.`;
  }
  if (status === 403) return `SERVICE_API_KEY cannot use the API: ${apiMessage}`;
  if (body === undefined || status === 404) {
    return `SERVICE_API_URL (${settings.baseUrl}) does not look like a content-api server: POST ${MCP_PATH} answered ${status}${body === undefined ? ' without JSON' : ''}.`;
  }
  return `${settings.baseUrl} answered ${status} (${apiMessage || 'no message'}); try again later.`;
}

function isJsonRpc(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'jsonrpc' in body;
}

/** The message of an error envelope, or of a JSON-RPC error (the agent endpoint's own refusals). */
function messageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const { message, error } = body as { message?: unknown; error?: { message?: unknown } };
  if (typeof message === 'string') return message;
  return typeof error?.message === 'string' ? error.message : '';
}
