import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const HEADER = 'x-request-id';
const ACCEPTABLE = /^[\w.:-]{1,128}$/;

/** Echo a sane client-sent X-Request-Id, or mint one; every response carries it. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const sent = req.headers[HEADER];
  const id = typeof sent === 'string' && ACCEPTABLE.test(sent) ? sent : randomUUID();
  req.headers[HEADER] = id;
  res.setHeader('X-Request-Id', id);
  next();
}

export function requestIdOf(req: Request): string {
  return String(req.headers[HEADER]);
}
