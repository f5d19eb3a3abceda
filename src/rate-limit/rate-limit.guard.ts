import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ROUTE_ACCESS, type RouteAccess } from '../common/request/route-access.decorator.js';
import { CallCounter } from './call-counter.service.js';
import {
  RATE_LIMIT_BUCKET,
  type RateLimitBucketOptions,
} from '../common/request/rate-limit-bucket.decorator.js';
import { SKIP_RATE_LIMIT } from '../common/request/skip-rate-limit.decorator.js';

/**
 * The per-minute request limit of routes outside /api and /mcp (calls there
 * are admitted before routing by CallAdmission, and pass here untouched). It
 * runs before ApiKeyGuard (see AppModule) so that refused credentials are
 * counted too: it first identifies the caller (the same cached lookup
 * ApiKeyGuard repeats), then counts the call against the key when one was
 * recognised — valid, revoked or expired — and against the client address
 * otherwise. Whether the key may call the route is left to ApiKeyGuard. The
 * X-RateLimit-* headers are set here, so every later answer, errors
 * included, carries them.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly calls: CallCounter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (req.callAdmitted) return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean | undefined>(SKIP_RATE_LIMIT, targets))
      return true;
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, targets);
    if (!access?.public) await this.calls.identify(req);
    const bucket = this.reflector.getAllAndOverride<RateLimitBucketOptions | undefined>(
      RATE_LIMIT_BUCKET,
      targets,
    );
    await this.calls.count(req, context.switchToHttp().getResponse<Response>(), bucket);
    return true;
  }
}
