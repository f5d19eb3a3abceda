import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { All, Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated } from '../../common/request/route-access.decorator.js';
import { requestIdOf } from '../../common/http/request-id.middleware.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { RateLimitBucket } from '../../common/request/rate-limit-bucket.decorator.js';
import { markToolCallSent } from '../../common/request/agent-connection.js';
import { apiToolRunner, createAgentServer, type ReadOnlyReason } from '../agent-server.js';
import { MCP_PATH } from '../../common/request/mcp-path.js';
import { allowedHostnames, isAllowedHost } from './allowed-hosts.js';
import { hasUnparseableBody } from './mcp-body-parser.js';
import { serveMcpMessage } from './serve-message.js';
import { InProcessApiClient, type AgentCaller } from './in-process-api.client.js';

/** Protocol messages may reach this many times the key's per-minute request limit. */
export const PROTOCOL_LIMIT_FACTOR = 10;

/**
 * The hosted agent server ({mcp_url}): Streamable HTTP, stateless — a new
 * server and transport per request, so any replica answers any call. The
 * key is checked first, by the global guard like on every API route (no
 * credential: 401 with WWW-Authenticate); each tool call is then a real
 * request to the API with that same key, counted and logged as such. The
 * messages to /mcp themselves count on a bound of their own.
 */
@ApiExcludeController()
@Authenticated('read')
@RateLimitBucket({ name: 'mcp-protocol', factor: PROTOCOL_LIMIT_FACTOR })
@Controller(MCP_PATH)
export class McpController {
  private readonly allowedHosts: string[];

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.allowedHosts = allowedHostnames(config.publicBaseUrl);
  }

  @Post()
  async call(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!isAllowedHost(req.headers.host, this.allowedHosts)) {
      res.status(403).json(jsonRpcError(`Invalid Host: ${req.headers.host ?? '(none)'}`));
      return;
    }
    if (hasUnparseableBody(req)) {
      res.status(400).json(jsonRpcError('Parse error: the body is not valid JSON.', PARSE_ERROR));
      return;
    }
    const httpServer = this.adapterHost.httpAdapter.getHttpServer() as HttpServer;
    const api = new InProcessApiClient(httpServer, callerOf(req), () => markToolCallSent(res));
    // A call refused before reaching the API is logged as this message, with its error.
    const run = apiToolRunner(api, { onRefused: (error) => (res.locals.errorCode = error) });
    // Typed as a plain IncomingMessage: our `req.auth` is not the SDK's AuthInfo
    // (the SDK only hands it on to tool handlers, which do not read it).
    const readOnly = readOnlyReason(req);
    await serveMcpMessage(req as IncomingMessage, res, req.body, () =>
      createAgentServer(run, { readOnly }),
    );
  }

  /** No sessions and no server-sent stream: GET and DELETE have nothing to act on. */
  @All()
  refuse(@Res() res: Response): void {
    res
      .status(405)
      .setHeader('Allow', 'POST')
      .json(jsonRpcError('Method not allowed: this stateless server answers POST only.'));
  }
}

/** JSON-RPC 2.0's code for a body that is not JSON. */
const PARSE_ERROR = -32700;

function jsonRpcError(message: string, code = -32000) {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

/**
 * A connection is read-only when the client asks with GitHub's
 * `X-MCP-Readonly: true` header, or when its credential cannot write (a read
 * key, an assistant allowed `read` only): the write tools are then not offered.
 */
export function readOnlyReason(req: Request): ReadOnlyReason | undefined {
  const asked = req.headers['x-mcp-readonly'];
  if (typeof asked === 'string' && /^(true|1)$/i.test(asked.trim())) return 'asked';
  const principal = req.auth?.principal;
  return principal != null && !principal.scopes.includes('write') ? 'credential' : undefined;
}

function callerOf(req: Request): AgentCaller {
  const credentials: Record<string, string> = {};
  const { authorization } = req.headers;
  const apiKey = req.headers['x-api-key'];
  if (typeof authorization === 'string') credentials.authorization = authorization;
  if (typeof apiKey === 'string') credentials['x-api-key'] = apiKey;
  return {
    credentials,
    requestId: requestIdOf(req),
    clientAddress: req.ip ?? req.socket.remoteAddress,
    userAgent: req.headers['user-agent'],
    host: req.headers.host,
  };
}
