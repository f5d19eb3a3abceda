import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createAgentServer } from '../agent-server.js';
import { AGENT_TOOLS } from '../tool-table.js';
import type { ApiClient, ApiRequest, ApiResponse } from '../tools/api-request.js';
import { HttpApiClient } from './http-api.client.js';
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
 * `content-api mcp`: the agent server on stdio, calling the API of
 * SERVICE_API_URL with SERVICE_API_KEY. Settings are checked before serving
 * (one listSites call, which counts like any other), so a wrong key or
 * address ends the process with a message instead of failing every tool
 * call; that is a LocalSettingsError. Resolves when the client has closed
 * stdin and the answers to its last calls are out.
 */
export async function serveLocalAgent(io: LocalAgentIo): Promise<void> {
  const settings = readLocalSettings(io.env);
  await checkSettings(settings);
  const api = new InFlightCalls(new HttpApiClient(settings));
  const server = createAgentServer(api);
  const inputClosed = new Promise<void>((resolve) => {
    io.stdin.once('end', resolve);
    io.stdin.once('close', resolve);
    // A client that went away cannot read answers any more.
    io.stdout.once('error', () => resolve());
  });
  await server.connect(new StdioServerTransport(io.stdin, io.stdout));
  io.stderr(
    `content-api agent server: ${AGENT_TOOLS.length} tools on stdio, calling ${settings.baseUrl}\n`,
  );
  await inputClosed;
  // Let the last messages reach their handlers, their API calls finish and the answers go out.
  await nextTurn();
  await api.settled();
  await nextTurn();
  await server.close();
}

/** Keeps count of the API calls under way, so the server ends only after them. */
class InFlightCalls implements ApiClient {
  private readonly pending = new Set<Promise<ApiResponse>>();

  constructor(private readonly client: ApiClient) {}

  send(request: ApiRequest, tool?: string): Promise<ApiResponse> {
    const call = this.client.send(request, tool);
    this.pending.add(call);
    void call.finally(() => this.pending.delete(call)).catch(() => undefined);
    return call;
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function checkSettings(settings: LocalSettings): Promise<void> {
  const client = new HttpApiClient(settings, CHECK_TIMEOUT_MS);
  let response: ApiResponse;
  try {
    response = await client.send({
      method: 'GET',
      path: '/api/v1/sites',
      query: new URLSearchParams({ per_page: '1' }),
    });
  } catch (error) {
    throw new LocalSettingsError(
      `SERVICE_API_URL: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  const problem = settingsProblem(settings, response);
  if (problem !== undefined) throw new LocalSettingsError(problem);
}

function settingsProblem(settings: LocalSettings, response: ApiResponse): string | undefined {
  const { status, body } = response;
  const apiMessage =
    typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : '';
  if ((status >= 200 && status < 300) || status === 429) return undefined;
  if (status === 401) return `SERVICE_API_KEY was refused by ${settings.baseUrl}: ${apiMessage}`;
  if (status === 403) return `SERVICE_API_KEY cannot use the API: ${apiMessage}`;
  if (body === undefined || status === 404) {
    return `SERVICE_API_URL (${settings.baseUrl}) does not look like a content-api server: GET /api/v1/sites answered ${status}${body === undefined ? ' without JSON' : ''}.`;
  }
  return `${settings.baseUrl} answered ${status} (${apiMessage || 'no message'}); try again later.`;
}
