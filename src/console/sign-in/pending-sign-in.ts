import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { UserDirectory } from '../../users/index.js';
import { SECOND_STEP_MS } from './session/session-data.js';

/** A sign-in whose password was right, waiting for its second factor. */
export interface PendingSignIn {
  userId: number;
  sessionEpoch: number;
  returnTo: string;
}

/**
 * The sign-in waiting in this session for its second factor: only while it
 * is fresh (5 minutes) and its person is still active with the same session
 * epoch (not disabled, password not reset meanwhile).
 */
@Injectable()
export class PendingSignIns {
  constructor(private readonly people: UserDirectory) {}

  async of(req: Request): Promise<PendingSignIn | null> {
    const pending = req.session.pendingSignIn;
    if (pending === undefined) return null;
    const holder =
      Date.now() - pending.at <= SECOND_STEP_MS
        ? await this.people.sessionHolder(pending.userId)
        : null;
    if (holder?.status !== 'active' || holder.session_epoch !== pending.sessionEpoch) {
      delete req.session.pendingSignIn;
      return null;
    }
    return {
      userId: pending.userId,
      sessionEpoch: pending.sessionEpoch,
      returnTo: pending.returnTo,
    };
  }
}
