import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccountsService } from '../../../auth/index.js';
import { UserDirectory } from '../../../users/index.js';
import { SESSION_ABSOLUTE_MS } from './session-data.js';
import type { SignedInUser } from './signed-in-user.js';

/**
 * "Who is signed in on this request?" — for the console and any other page
 * behind the browser session (BrowserSessionMiddleware must have run). The
 * user is read from the database on every request, so that disabling them
 * or resetting their password ends their sessions on every replica at once;
 * a session past its absolute lifetime ends too. The person comes from
 * users, then their account from auth. The answer is kept for the rest of
 * the request.
 */
@Injectable()
export class SignedInUsers {
  private readonly answers = new WeakMap<Request, Promise<SignedInUser | null>>();

  constructor(
    private readonly people: UserDirectory,
    private readonly accounts: AccountsService,
  ) {}

  of(req: Request): Promise<SignedInUser | null> {
    let answer = this.answers.get(req);
    if (answer === undefined) {
      answer = this.resolve(req);
      this.answers.set(req, answer);
    }
    return answer;
  }

  /** Forgets the answer after the session changed hands (signing in or out). */
  forget(req: Request): void {
    this.answers.delete(req);
  }

  private async resolve(req: Request): Promise<SignedInUser | null> {
    const session = req.session as Request['session'] | undefined;
    if (session?.userId === undefined) return null;
    const expired =
      session.signedInAt === undefined || Date.now() - session.signedInAt > SESSION_ABSOLUTE_MS;
    const person = expired ? null : await this.people.sessionHolder(session.userId);
    const signedIn =
      person !== null &&
      person.status === 'active' &&
      person.session_epoch === session.sessionEpoch;
    const account = signedIn ? await this.accounts.find(person.account_id) : null;
    if (!signedIn || account === null) {
      endSignIn(req);
      return null;
    }
    // Kept for the sessions page; the session is written again only when the address changes.
    if (session.clientAddress !== req.ip) session.clientAddress = req.ip;
    return {
      id: person.id,
      email: person.email,
      name: person.name,
      role: person.role,
      timeZone: person.time_zone ?? 'UTC',
      account: {
        id: account.id,
        name: account.name,
        plan: account.plan,
        status: account.status,
      },
    };
  }
}

/** Leaves the session signed out (it stays, anonymous, for its CSRF token). */
export function endSignIn(req: Request): void {
  delete req.session.userId;
  delete req.session.sessionEpoch;
  delete req.session.signedInAt;
  delete req.session.authenticatedAt;
  delete req.session.mustEnrol;
  delete req.session.pendingSignIn;
}
