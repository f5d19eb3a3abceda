import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ROUTE_ACCESS, type RouteAccess } from '../common/request/route-access.decorator.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { CsrfProtection } from './sign-in/session/csrf-protection.js';
import { SignedInUsers } from './sign-in/session/signed-in-users.service.js';
import { ReadRouter, userWriter } from '../database/index.js';
import { ConsoleActionRecorder } from './console-action.recorder.js';
import { CONSOLE_ACTION } from './console-action.decorator.js';
import { EnrolmentRequiredError, OPEN_DURING_ENROLMENT } from './sign-in/enrolment.js';
import { CsrfRejectedError, SignInRequiredError, WrongAddressError } from './console.errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The console's guard, on every console controller (ConsolePages): starts
 * recording an action, reports a session or form that could not be read,
 * sends people who are not signed in to sign in, and those whose account
 * requires a second factor they lack to set one up, refuses any POST that
 * lacks the session's CSRF token or comes from another origin — saying which
 * address to use when the page was this console opened at another one — and
 * marks the user of an action as a writer (their reads stay on the primary a
 * while).
 */
@Injectable()
export class ConsoleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly signedIn: SignedInUsers,
    private readonly csrf: CsrfProtection,
    private readonly recorder: ConsoleActionRecorder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reads: ReadRouter,
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
    const enrolling = needsUser && req.session.mustEnrol === true;
    if (enrolling && !this.reflector.getAllAndOverride<boolean>(OPEN_DURING_ENROLMENT, targets)) {
      throw new EnrolmentRequiredError();
    }
    if (!SAFE_METHODS.has(req.method) && !this.csrf.allows(req)) {
      const openedAt = this.csrf.openedElsewhere(req);
      throw openedAt === undefined
        ? new CsrfRejectedError()
        : new WrongAddressError(this.config.publicBaseUrl, openedAt);
    }
    // Marked before the action runs, so the page the browser is sent to next is read from the
    // primary however soon it asks; an action that then fails costs a few primary reads.
    if (action !== undefined && req.signedInUser) {
      await this.reads.wrote(userWriter(req.signedInUser.id), { committed: false });
    }
    return true;
  }
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
