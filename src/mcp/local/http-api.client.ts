import { agentCallHeaders } from '../agent-call-label.js';
import { AGENT_SERVER_INFO } from '../agent-server.js';
import {
  encodeBody,
  parseBody,
  requestTarget,
  type ApiClient,
  type ApiRequest,
  type ApiResponse,
} from '../tools/api-request.js';
import type { LocalSettings } from './local-settings.js';

const USER_AGENT = `${AGENT_SERVER_INFO.name}-mcp/${AGENT_SERVER_INFO.version} (local, stdio)`;

/** The local agent server's way to the API: HTTP to SERVICE_API_URL with SERVICE_API_KEY. */
export class HttpApiClient implements ApiClient {
  constructor(
    private readonly settings: LocalSettings,
    private readonly timeoutMs = 60_000,
  ) {}

  async send(request: ApiRequest, tool?: string): Promise<ApiResponse> {
    const encoded = await encodeBody(request.body);
    const url = `${this.settings.baseUrl}${requestTarget(request)}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${this.settings.apiKey}`,
          'user-agent': USER_AGENT,
          ...agentCallHeaders(tool),
          ...request.headers,
          ...(encoded === undefined ? {} : { 'content-type': encoded.contentType }),
        },
        body: encoded?.bytes,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new Error(this.describeFailure(error), { cause: error });
    }
    const text = await response.text();
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: parseBody(response.headers.get('content-type') ?? undefined, text),
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
