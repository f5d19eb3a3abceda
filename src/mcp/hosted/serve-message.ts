import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import {
  classifyInboundRequest,
  createMcpHandler,
  type Server,
} from '@modelcontextprotocol/server';

/**
 * Answers one message to /mcp with a server of its own from `createServer`,
 * in the revision the client speaks. A 2026-07-28 message carries its
 * protocol version, client and capabilities in its own `_meta` and needs no
 * handshake: the SDK's per-request handler serves it. A message of the 2025
 * revisions (an `initialize`, or any message without that envelope) goes to
 * the stateless Streamable HTTP transport, as those clients expect. Both
 * answer with one JSON body: the tools send nothing before their result, so
 * the per-request handler never turns its answer into an event stream.
 */
export async function serveMcpMessage(
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  createServer: () => Server,
): Promise<void> {
  if (isLegacyMessage(req, body)) {
    const server = createServer();
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    return;
  }
  const handler = createMcpHandler(createServer, { legacy: 'reject' });
  res.on('close', () => void handler.close());
  await toNodeHandler(handler)(req, res, body);
}

/**
 * The SDK's own routing decision (what isLegacyRequest decides), made on the
 * body already parsed, so that a message of up to 16 MB is not serialized
 * again only to be classified.
 */
function isLegacyMessage(req: IncomingMessage, body: unknown): boolean {
  return (
    classifyInboundRequest({
      httpMethod: req.method ?? 'POST',
      protocolVersionHeader: header(req, 'mcp-protocol-version'),
      mcpMethodHeader: header(req, 'mcp-method'),
      mcpNameHeader: header(req, 'mcp-name'),
      body,
    }).kind === 'legacy'
  );
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
