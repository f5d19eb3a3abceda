import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Authenticator } from '../auth/authenticator.service.js';
import { ROUTE_ACCESS, type RouteAccess } from '../auth/decorators/route-access.decorator.js';
import { ApiError } from '../common/errors/api-error.js';
import { addressTracker, credentialTracker } from './rate-limit-counters.js';
import { RATE_LIMIT_BUCKET, type RateLimitBucketOptions } from './rate-limit-bucket.decorator.js';
import { RateLimitedError } from './rate-limit.errors.js';
import { rateLimitHeaders, RequestRateLimiter } from './request-rate-limiter.service.js';
import { SKIP_RATE_LIMIT } from './skip-rate-limit.decorator.js';

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
    private readonly authenticator: Authenticator,
    private readonly limiter: RequestRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (req.callAdmitted) return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean | undefined>(SKIP_RATE_LIMIT, targets))
      return true;
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, targets);
    if (!access?.public) await this.identify(req);
    const bucket = this.reflector.getAllAndOverride<RateLimitBucketOptions | undefined>(
      RATE_LIMIT_BUCKET,
      targets,
    );
    const credential = credentialTracker(req.auth);
    let tracker = credential ?? addressTracker(req.ip);
    let limit = this.limiter.limitPerMinute;
    if (bucket && credential !== null) {
      tracker = `${bucket.name}:${tracker}`;
      limit *= bucket.factor;
    }
    const verdict = await this.limiter.count(tracker, limit);
    if (!verdict.allowed) throw new RateLimitedError(verdict.limit, verdict.resetSeconds);
    context.switchToHttp().getResponse<Response>().set(rateLimitHeaders(verdict));
    return true;
  }

  /** Leaves what the credential says on `req.auth`; a refusal is ApiKeyGuard's to report. */
  private async identify(req: Request): Promise<void> {
    try {
      await this.authenticator.authenticateRequest(req);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
}
