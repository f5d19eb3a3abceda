import { json, type RequestHandler } from 'express';
import { jsonDeeperThan, MAX_JSON_DEPTH } from './json-depth.js';

/** The body-parser error type of a body nested past MAX_JSON_DEPTH (ApiExceptionFilter maps it). */
export const TOO_DEEP = 'entity.too.deep';

class JsonTooDeepError extends Error {
  readonly type = TOO_DEEP;
}

/** express.json with the request size `limit`, refusing bodies nested past MAX_JSON_DEPTH before parsing them. */
export function jsonBodyParser(limit: string): RequestHandler {
  return json({
    limit,
    verify: (_req, _res, bytes) => {
      if (jsonDeeperThan(bytes, MAX_JSON_DEPTH)) throw new JsonTooDeepError();
    },
  });
}
