import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { safeReturnTo } from './return-to.js';
import { RECENT_SIGN_IN_MS } from './session/session-data.js';

export const REAUTHENTICATE_PATH = '/console/re-authenticate';

/** The person's password or passkey is needed again: sent to give it, and back to `returnTo` after. */
export class RecentSignInRequiredError extends Error {
  constructor(readonly returnTo: string) {
    super('Confirm it is you to continue.');
    this.name = 'RecentSignInRequiredError';
  }
}

/** Whether the session proved its person with a password or passkey in the last 10 minutes. */
export function signedInRecently(req: Request): boolean {
  const at = req.session.authenticatedAt;
  return at !== undefined && Date.now() - at <= RECENT_SIGN_IN_MS;
}

/**
 * Throws RecentSignInRequiredError unless the sign-in is recent, for an
 * action that needs it only sometimes (a key with `write`). The person comes
 * back to the page they were on: for a GET the page itself; for a form, the
 * page the form was on (its Referer, when it is this console), else `fallback`
 * — they submit it again, nothing having been done.
 */
export function requireRecentSignIn(req: Request, publicBaseUrl: string, fallback: string): void {
  if (signedInRecently(req)) return;
  const back =
    req.method === 'GET' || req.method === 'HEAD' ? req.originalUrl : req.headers.referer;
  throw new RecentSignInRequiredError(safeReturnTo(back, publicBaseUrl, fallback));
}

@Injectable()
export class RecentSignInGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    requireRecentSignIn(req, this.config.publicBaseUrl, '/console/account/security');
    return true;
  }
}

/**
 * On a console handler (after ConsolePages' guard has signed the person in):
 * the password or a passkey must have been given within 10 minutes, else the
 * person is sent to /console/re-authenticate and back (accounts.md). For
 * changing the email, the password or factors, creating a `write` key and
 * managing people.
 */
export function RecentSignIn() {
  return applyDecorators(UseGuards(RecentSignInGuard));
}
