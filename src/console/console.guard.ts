import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ROUTE_ACCESS, type RouteAccess } from '../auth/decorators/route-access.decorator.js';
import { CsrfProtection } from '../sign-in/csrf-protection.js';
import { SignedInUsers } from '../sign-in/signed-in-users.service.js';
import { ConsoleActionRecorder } from './console-action.recorder.js';
import { CONSOLE_ACTION } from './console-pages.decorator.js';
import { CsrfRejectedError, SignInRequiredError } from './console.errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The console's guard, on every console controller (ConsolePages): starts
 * recording an action, reports a session or form that could not be read,
 * sends people who are not signed in to sign in, and refuses any POST that
 * lacks the session's CSRF token or comes from another origin.
 */
@Injectable()
export class ConsoleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly signedIn: SignedInUsers,
    private readonly csrf: CsrfProtection,
    private readonly recorder: ConsoleActionRecorder,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const action = this.reflector.getAllAndOverride<string | undefined>(CONSOLE_ACTION, targets);
    if (action !== undefined) this.recorder.start(req, http.getResponse<Response>(), action);
    if (req.browserSessionError !== undefined) throw asError(req.browserSessionError);
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, targets);
    req.signedInUser = await this.signedIn.of(req);
    const needsUser = !(access !== undefined && 'session' in access && access.session === 'anyone');
    if (needsUser && req.signedInUser === null) {
      throw new SignInRequiredError(SAFE_METHODS.has(req.method) ? req.originalUrl : '/console');
    }
    if (!SAFE_METHODS.has(req.method) && !this.csrf.allows(req)) throw new CsrfRejectedError();
    return true;
  }
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
