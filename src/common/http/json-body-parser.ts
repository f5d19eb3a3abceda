import { json, type RequestHandler } from 'express';
import { jsonDeeperThan, MAX_JSON_DEPTH } from './json-depth.js';

/** The body-parser error type of a body nested past MAX_JSON_DEPTH (ApiExceptionFilter maps it). */
export const TOO_DEEP = 'entity.too.deep';

class JsonTooDeepError extends Error {
  readonly type = TOO_DEEP;
}

/** Methods whose body no route reads (RFC 9110 §9.3.1): a read is never refused for a body. */
const BODYLESS = new Set(['GET', 'HEAD']);

/**
 * express.json with the request size `limit`, refusing bodies nested past
 * MAX_JSON_DEPTH before parsing them. GET and HEAD bodies are left unread,
 * so that their size or charset can never turn a read into a 413 or 415.
 */
export function jsonBodyParser(limit: string): RequestHandler {
  const parse = json({
    limit,
    verify: (_req, _res, bytes) => {
      if (jsonDeeperThan(bytes, MAX_JSON_DEPTH)) throw new JsonTooDeepError();
    },
  });
  return (req, res, next) => (BODYLESS.has(req.method) ? next() : parse(req, res, next));
}
