import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { UsersService, UserView } from '../users/users.service.js';
import { CsrfProtection } from './csrf-protection.js';
import { endSignIn, SignedInUsers } from './signed-in-users.service.js';
import { SignInThrottle } from './sign-in-throttle.js';

const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 1_000;

/** How a sign-in attempt ended; `user` is whoever the email names, for the learning log. */
export type SignInOutcome =
  | { result: 'signed-in'; user: UserView }
  | { result: 'refused'; user: UserView | null }
  | { result: 'throttled'; user: UserView | null; retryAfterSeconds: number };

/**
 * Signing in and out of the browser session. A refusal never says whether
 * the email exists; repeated failures for an email are slowed down
 * (SignInThrottle). Signing in starts a new session (a new id: a session
 * fixed by someone else before sign-in is worthless) with a fresh CSRF token.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly users: UsersService,
    private readonly throttle: SignInThrottle,
    private readonly csrf: CsrfProtection,
    private readonly signedIn: SignedInUsers,
  ) {}

  async signIn(req: Request, email: string, password: string): Promise<SignInOutcome> {
    if (email.length === 0 || email.length > MAX_EMAIL_LENGTH || password.length === 0) {
      return { result: 'refused', user: null };
    }
    const named = await this.users.findByEmail(email);
    const verdict = await this.throttle.begin(email);
    if (!verdict.allowed) {
      return { result: 'throttled', user: named, retryAfterSeconds: verdict.retryAfterSeconds };
    }
    const user =
      password.length > MAX_PASSWORD_LENGTH
        ? null
        : await this.users.verifyPassword(email, password);
    if (!user) return { result: 'refused', user: named };
    await this.throttle.succeeded(email);
    await regenerate(req);
    req.session.userId = user.id;
    req.session.sessionEpoch = user.sessionEpoch;
    req.session.signedInAt = Date.now();
    this.csrf.renew(req);
    this.signedIn.forget(req);
    await this.users.recordSignIn(user.id);
    return { result: 'signed-in', user: await this.users.get(user.id) };
  }

  /** Ends the sign-in; the session goes on, anonymous, with a new id and token. */
  async signOut(req: Request): Promise<void> {
    endSignIn(req);
    await regenerate(req);
    this.csrf.renew(req);
    this.signedIn.forget(req);
  }
}

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((error?: Error) => (error ? reject(error) : resolve())),
  );
}
