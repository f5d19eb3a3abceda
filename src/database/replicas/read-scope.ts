import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import type { WriteMark, MARK_UNKNOWN } from './write-marks.js';
import { connectionWriter, keyWriter, userWriter, type Writer } from './writers.js';

/** What the reads of one request need to know to choose between a replica and the primary. */
export interface ReadScope {
  /** Who is asking, once the guard has established it; undefined for anonymous requests. */
  writer(): Writer | undefined;
  /** The request writes, or has written: every read of it goes to the primary. */
  wrote: boolean;
  /** The writer's mark, read once per request. */
  mark?: Promise<WriteMark | null | typeof MARK_UNKNOWN>;
}

const scopes = new AsyncLocalStorage<ReadScope>();

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function currentReadScope(): ReadScope | undefined {
  return scopes.getStore();
}

/**
 * Opens the read scope of a request (mounted first in createApp). Its writer
 * is read when a read first needs it: the API key or connection the guard
 * authenticated, or the signed-in console user. A request that is not a GET
 * or HEAD reads from the primary throughout: what it reads may be what it is
 * about to change, or what it has just changed.
 */
export function readScopeMiddleware(req: Request, _res: Response, next: NextFunction): void {
  scopes.run({ writer: () => writerOf(req), wrote: !SAFE_METHODS.has(req.method) }, next);
}

function writerOf(req: Request): Writer | undefined {
  const principal = req.auth?.principal;
  if (principal) {
    return principal.keyId !== null
      ? keyWriter(principal.keyId)
      : connectionWriter(principal.connectionId);
  }
  return req.signedInUser ? userWriter(req.signedInUser.id) : undefined;
}
