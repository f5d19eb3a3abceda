import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { UsersService, type UserView } from '../../users/index.js';
import { SecondFactors } from './factors/second-factors.js';
import { SignInPolicies } from './factors/sign-in-policies.js';
import { KnownBrowsers } from './known-browsers.js';
import { CsrfProtection } from './session/csrf-protection.js';
import { endSignIn, SignedInUsers } from './session/signed-in-users.service.js';
import { SignInThrottle } from './sign-in-throttle.js';

const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 1_000;
/** What is kept of a user agent: enough for any browser's, not a place to store a novel. */
const MAX_USER_AGENT = 512;

/** How a sign-in attempt ended; `user` is whoever the email names, for the learning log. */
export type SignInOutcome =
  | { result: 'signed-in'; user: UserView; newBrowser: boolean }
  | { result: 'second-step'; user: UserView }
  | { result: 'refused'; user: UserView | null }
  | { result: 'throttled'; user: UserView | null; retryAfterSeconds: number };

/**
 * Signing in and out of the browser session. A refusal never says whether
 * the email exists; repeated failures for an email are slowed down
 * (SignInThrottle). A right password for someone with a second factor leaves
 * the session waiting for it (`pendingSignIn`, not signed in); otherwise,
 * and once the second factor or a passkey is given, the session is signed in.
 * Every change of hands starts a new session (a new id: a session fixed by
 * someone else before is worthless) with a fresh CSRF token.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly users: UsersService,
    private readonly throttle: SignInThrottle,
    private readonly csrf: CsrfProtection,
    private readonly signedIn: SignedInUsers,
    private readonly factors: SecondFactors,
    private readonly policies: SignInPolicies,
    private readonly browsers: KnownBrowsers,
  ) {}

  async signIn(
    req: Request,
    email: string,
    password: string,
    returnTo: string,
  ): Promise<SignInOutcome> {
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
    const view = await this.users.get(user.id);
    if (await this.factors.hasFactor(user.id)) {
      await this.restart(req);
      req.session.pendingSignIn = {
        userId: user.id,
        sessionEpoch: user.sessionEpoch,
        at: Date.now(),
        returnTo,
      };
      return { result: 'second-step', user: view };
    }
    const newBrowser = await this.complete(req, view, user.sessionEpoch);
    return { result: 'signed-in', user: view, newBrowser };
  }

  /**
   * Signs the session in as `user`, whose identity is proven (password and
   * second factor, or a passkey). When the account requires a second factor
   * and they have none, the session may only enrol one (`mustEnrol`).
   * True when this browser is new to them (SecurityNotices tells them).
   */
  async complete(req: Request, user: UserView, sessionEpoch: number): Promise<boolean> {
    await this.restart(req);
    req.session.userId = user.id;
    req.session.sessionEpoch = sessionEpoch;
    req.session.signedInAt = Date.now();
    req.session.authenticatedAt = Date.now();
    req.session.userAgent = (req.get('user-agent') ?? '').slice(0, MAX_USER_AGENT);
    req.session.clientAddress = req.ip;
    if (
      (await this.policies.secondFactorRequired(user.account_id)) &&
      !(await this.factors.hasFactor(user.id))
    ) {
      req.session.mustEnrol = true;
    }
    await this.users.recordSignIn(user.id);
    return this.browsers.signedIn(req, user);
  }

  /**
   * The person gave their password or a passkey again (RecentSignIn): the
   * session carries on with everything in it under a new id and CSRF token,
   * as after any authentication.
   */
  async reauthenticated(req: Request): Promise<void> {
    // The data only: the new session has a cookie of its own.
    const kept: Partial<SessionData> = { ...req.session };
    delete kept.cookie;
    await regenerate(req);
    Object.assign(req.session, kept, { authenticatedAt: Date.now() });
    this.csrf.renew(req);
    this.signedIn.forget(req);
  }

  /** Ends the sign-in; the session goes on, anonymous, with a new id and token. */
  async signOut(req: Request): Promise<void> {
    endSignIn(req);
    await this.restart(req);
  }

  /** A new session id and CSRF token, and no answer kept for "who is signed in". */
  private async restart(req: Request): Promise<void> {
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
