import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { markAgentConnection } from '../../common/request/agent-connection.js';
import { agentCallOf } from './agent-call.js';
import {
  encodeBody,
  parseBody,
  requestTarget,
  type ApiClient,
  type ApiRequest,
  type ApiResponse,
} from '../tools/api-request.js';
import { socketPair } from './socket-pair.js';

/** Who called /mcp: passed on to every API request the call makes. */
export interface AgentCaller {
  /** `authorization` and/or `x-api-key`, exactly as sent to /mcp. */
  credentials: Record<string, string>;
  requestId: string;
  clientAddress: string | undefined;
  userAgent: string | undefined;
  host: string | undefined;
}

/**
 * The hosted agent server's way to the API: a real HTTP request, with the
 * caller's own credential, through the app's own HTTP server over an
 * in-memory connection. It passes every middleware, guard, pipe, limit and
 * filter a direct call passes, from the caller's address. The connection is
 * marked as the agent server's (markAgentConnection) before the request
 * goes out: that, and nothing the request says, makes it channel `mcp`.
 */
export class InProcessApiClient implements ApiClient {
  constructor(
    private readonly server: Server,
    private readonly caller: AgentCaller,
    /** Called as each request is sent. */
    private readonly onSend: () => void = () => {},
  ) {}

  async send(request: ApiRequest, tool?: string): Promise<ApiResponse> {
    const encoded = await encodeBody(request.body);
    const [serverSide, clientSide] = socketPair(this.caller.clientAddress);
    markAgentConnection(serverSide, agentCallOf(tool));
    this.server.emit('connection', serverSide);
    this.onSend();
    try {
      return await new Promise<ApiResponse>((resolve, reject) => {
        const outgoing = httpRequest(
          {
            method: request.method,
            path: requestTarget(request),
            createConnection: () => clientSide,
            headers: {
              ...optional('host', this.caller.host),
              ...optional('user-agent', this.caller.userAgent),
              'x-request-id': this.caller.requestId,
              accept: 'application/json',
              ...this.caller.credentials,
              ...request.headers,
              ...(encoded === undefined
                ? {}
                : {
                    'content-type': encoded.contentType,
                    'content-length': String(encoded.bytes.length),
                  }),
            },
          },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
            incoming.on('error', reject);
            incoming.on('end', () =>
              resolve({
                status: incoming.statusCode ?? 502,
                headers: flatten(incoming.headers),
                body: parseBody(
                  incoming.headers['content-type'],
                  Buffer.concat(chunks).toString('utf8'),
                ),
              }),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.end(encoded?.bytes);
      });
    } finally {
      clientSide.destroy();
    }
  }
}

function optional(name: string, value: string | undefined): Record<string, string> {
  return value === undefined ? {} : { [name]: value };
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
