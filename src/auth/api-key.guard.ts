import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { InsufficientScopeError } from './auth.errors.js';
import { Authenticator } from './authenticator.service.js';
import { ROUTE_ACCESS, RouteAccess } from './decorators/route-access.decorator.js';

/**
 * The global guard. Every route needs a key with the `read` scope unless it
 * says otherwise with @Public() or @Authenticated('write'), or is a page
 * behind the browser session, which its own guard admits.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (access?.public || (access !== undefined && 'session' in access)) return true;
    const principal = await this.authenticator.authenticateRequest(
      context.switchToHttp().getRequest<Request>(),
    );
    const scope = access !== undefined && 'scope' in access ? access.scope : 'read';
    if (!principal.scopes.includes(scope)) throw new InsufficientScopeError(scope);
    return true;
  }
}
