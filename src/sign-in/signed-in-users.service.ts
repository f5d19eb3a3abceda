import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import type { AccountStatus, Plan } from '../auth/entities/account.entity.js';
import type { UserRole } from '../users/entities/user.entity.js';
import { SESSION_ABSOLUTE_MS } from './session-data.js';
import type { SignedInUser } from './signed-in-user.js';

interface UserRow {
  id: number;
  email: string;
  name: string | null;
  role: UserRole;
  status: 'active' | 'disabled';
  session_epoch: number;
  account_id: number;
  account_name: string;
  plan: Plan;
  account_status: AccountStatus;
}

/**
 * "Who is signed in on this request?" — for the console and any other page
 * behind the browser session (BrowserSessionMiddleware must have run). The
 * user is read from the database on every request, so that disabling them
 * or resetting their password ends their sessions on every replica at once;
 * a session past its absolute lifetime ends too. The answer is kept for the
 * rest of the request.
 */
@Injectable()
export class SignedInUsers {
  private readonly answers = new WeakMap<Request, Promise<SignedInUser | null>>();

  constructor(private readonly dataSource: DataSource) {}

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
    const [row] = expired
      ? []
      : await this.dataSource.query<UserRow[]>(
          `SELECT u.id, u.email, u.name, u.role, u.status, u.session_epoch,
                  a.id AS account_id, a.name AS account_name, a.plan, a.status AS account_status
             FROM users u JOIN accounts a ON a.id = u.account_id
            WHERE u.id = $1`,
          [session.userId],
        );
    if (!row || row.status !== 'active' || row.session_epoch !== session.sessionEpoch) {
      endSignIn(req);
      return null;
    }
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      account: {
        id: row.account_id,
        name: row.account_name,
        plan: row.plan,
        status: row.account_status,
      },
    };
  }
}

/** Leaves the session signed out (it stays, anonymous, for its CSRF token). */
export function endSignIn(req: Request): void {
  delete req.session.userId;
  delete req.session.sessionEpoch;
  delete req.session.signedInAt;
}
