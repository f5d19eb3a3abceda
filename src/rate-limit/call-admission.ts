import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { isCall } from '../common/request/call-paths.js';
import { AppRoutes } from '../common/http/app-routes.js';
import { CallCounter } from './call-counter.service.js';
import {
  RATE_LIMIT_BUCKET,
  type RateLimitBucketOptions,
} from '../common/request/rate-limit-bucket.decorator.js';
import { SKIP_RATE_LIMIT } from '../common/request/skip-rate-limit.decorator.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Counted (or let through uncounted) by CallAdmission; RateLimitGuard leaves it alone. */
    callAdmitted?: boolean;
    /** The OpenAPI operation id of the route the call reaches, for the learning log. */
    operationId?: string;
  }
}

/**
 * The per-minute request limit for every call to /api and /mcp, applied
 * before its body is read or its route looked up, so that no failure —
 * an unknown route, another spelling, malformed or oversized JSON — is
 * free. A presented credential is recognised first (the one cached lookup
 * per request that ApiKeyGuard reuses), so the call is counted against the
 * key, valid, revoked or expired, and logged with it and its account;
 * without a recognised key, against the client address. Over the limit the
 * call is refused with 429 at once. The route the call will reach is looked
 * up first (AppRoutes), so that its @SkipRateLimit and @RateLimitBucket
 * decorators apply and the learning log names its operation, even for a
 * refused call. Every later answer carries the X-RateLimit-* headers set here.
 */
@Injectable()
export class CallAdmission {
  constructor(
    private readonly calls: CallCounter,
    private readonly routes: AppRoutes,
    private readonly reflector: Reflector,
  ) {}

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (!isCall(req)) return next();
    this.admit(req, res).then(() => next(), next);
  };

  private async admit(req: Request, res: Response): Promise<void> {
    req.callAdmitted = true;
    const route = this.routes.lookup(req.method, req.path);
    const targets = route ? [route.handler, route.controller] : [];
    req.operationId = this.reflector.getAllAndOverride<{ operationId?: string } | undefined>(
      DECORATORS.API_OPERATION,
      targets,
    )?.operationId;
    if (presentsCredential(req)) await this.calls.identify(req);
    if (this.reflector.getAllAndOverride<boolean | undefined>(SKIP_RATE_LIMIT, targets)) return;
    const bucket = this.reflector.getAllAndOverride<RateLimitBucketOptions | undefined>(
      RATE_LIMIT_BUCKET,
      targets,
    );
    await this.calls.count(req, res, bucket);
  }
}

function presentsCredential(req: Request): boolean {
  const { authorization } = req.headers;
  const apiKey = req.headers['x-api-key'];
  return (
    (typeof authorization === 'string' && authorization.trim() !== '') ||
    (typeof apiKey === 'string' && apiKey.trim() !== '')
  );
}
