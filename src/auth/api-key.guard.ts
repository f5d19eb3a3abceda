import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { InsufficientScopeError } from './auth.errors.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { Authenticator } from './authenticator.service.js';
import { ROUTE_ACCESS, RouteAccess } from '../common/request/route-access.decorator.js';
import { withResourceChallenge } from './resource-challenge.js';

/**
 * The global guard. Every route needs a key with the `read` scope unless it
 * says otherwise with @Public() or @Authenticated('write'), or is a page
 * behind the browser session, which its own guard admits. On the hosted
 * agent server a refusal also says how to get a token (withResourceChallenge).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (access?.public || (access !== undefined && 'session' in access)) return true;
    const req = context.switchToHttp().getRequest<Request>();
    try {
      const principal = await this.authenticator.authenticateRequest(req);
      const scope = access !== undefined && 'scope' in access ? access.scope : 'read';
      if (!principal.scopes.includes(scope)) throw new InsufficientScopeError(scope);
      return true;
    } catch (error) {
      throw withResourceChallenge(error, req, this.config.publicBaseUrl);
    }
  }
}
