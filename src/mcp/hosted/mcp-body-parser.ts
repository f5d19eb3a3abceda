import type { NextFunction, Request, Response } from 'express';
import { jsonBodyParser } from '../../common/http/json-body-parser.js';
import { noteAgentMessage } from '../../common/request/agent-connection.js';
import { agentMessageName } from './agent-message-name.js';

const parseJson = jsonBodyParser('16mb');
const unparseable = new WeakSet<Request>();

/**
 * A replace_featured_image call carries up to 10 MiB of image as base64
 * (about 13.4 MiB) inside its JSON-RPC message, more than the API's own
 * JSON limit; so /mcp parses its bodies first, with room for that. A body
 * that is not JSON is noted rather than refused here, so that the endpoint
 * answers with a JSON-RPC parse error instead of the REST error envelope.
 * What the message is goes on the response for the learning log.
 */
export function mcpBodyParser(req: Request, res: Response, next: NextFunction): void {
  parseJson(req, res, (error?: unknown) => {
    if (isParseFailure(error)) {
      unparseable.add(req);
      return next();
    }
    if (error === undefined) noteAgentMessage(res, agentMessageName(req.body));
    next(error);
  });
}

/** Whether the body of this /mcp request could not be parsed as JSON. */
export function hasUnparseableBody(req: Request): boolean {
  return unparseable.has(req);
}

function isParseFailure(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { type?: unknown }).type === 'entity.parse.failed'
  );
}
