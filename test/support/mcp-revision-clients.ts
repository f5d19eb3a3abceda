import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport as ModernHttpTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { assertBuilt, CLI_BIN } from './mcp-client.js';

/** The revision of the v2 SDK (`@modelcontextprotocol/client`). */
export const MODERN_REVISION = '2026-07-28';
/** The 2025 revisions the agent servers still serve, through the v1 SDK client. */
export const REVISIONS_2025 = ['2025-11-25', '2025-06-18', '2025-03-26'];

/** The calls the revision tests make, whichever client makes them. */
export interface RevisionClient {
  /** The revision client and server agreed on. */
  revision: string | undefined;
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(name: string, args?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export type Connection =
  | { kind: 'hosted'; baseUrl: string; headers: Record<string, string> }
  | { kind: 'local'; env: Record<string, string> };

/** A client of `revision`: the v2 SDK client pinned to 2026-07-28, else the v1 client offering it. */
export function revisionClient(revision: string, to: Connection): Promise<RevisionClient> {
  return revision === MODERN_REVISION ? modernClient(to) : legacyClient(revision, to);
}

async function modernClient(to: Connection): Promise<RevisionClient> {
  const client = new ModernClient(
    { name: 'content-api-e2e', version: '2.0.0' },
    { versionNegotiation: { mode: { pin: MODERN_REVISION } } },
  );
  await client.connect(
    to.kind === 'hosted'
      ? new ModernHttpTransport(new URL('/mcp', to.baseUrl), {
          requestInit: { headers: to.headers },
        })
      : new ModernStdioTransport(localServerCommand(to.env)),
  );
  return {
    revision: client.getNegotiatedProtocolVersion(),
    listTools: () => client.listTools(),
    callTool: (name, args = {}) => client.callTool({ name, arguments: args }),
    close: () => client.close(),
  };
}

/**
 * The v1 SDK client always offers its latest revision in `initialize`; the
 * offer is rewritten on its way out to `revision`, and the answer read from
 * the version the client then sets on its transport.
 */
async function legacyClient(revision: string, to: Connection): Promise<RevisionClient> {
  const transport: Transport =
    to.kind === 'hosted'
      ? new StreamableHTTPClientTransport(new URL('/mcp', to.baseUrl), {
          requestInit: { headers: to.headers },
        })
      : new StdioClientTransport({ ...localServerCommand(to.env), stderr: 'ignore' });
  let agreed: string | undefined;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(offering(message, revision), options);
  const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version) => {
    agreed = version;
    setProtocolVersion?.(version);
  };
  const client = new Client({ name: 'content-api-e2e', version: '1.0.0' });
  await client.connect(transport);
  return {
    revision: agreed,
    listTools: () => client.listTools(),
    callTool: (name, args = {}) => client.callTool({ name, arguments: args }),
    close: () => client.close(),
  };
}

function offering(message: JSONRPCMessage, revision: string): JSONRPCMessage {
  if (!('method' in message) || message.method !== 'initialize') return message;
  return { ...message, params: { ...message.params, protocolVersion: revision } };
}

function localServerCommand(env: Record<string, string>) {
  assertBuilt();
  return { command: process.execPath, args: [CLI_BIN, 'mcp'], env };
}
