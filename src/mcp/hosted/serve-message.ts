import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  NodeStreamableHTTPServerTransport,
  toNodeHandler,
  toWebRequest,
} from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, type Server } from '@modelcontextprotocol/server';

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
  if (await isLegacyRequest(await toWebRequest(req, body), body)) {
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
