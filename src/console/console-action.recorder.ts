import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LearningLog, recordWhenAnswered } from '../learning-log/index.js';
import type { SignedInUser } from './sign-in/session/signed-in-user.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by ConsoleGuard on every console request. */
    signedInUser?: SignedInUser | null;
    /** Who an action was by when nobody was signed in yet (a sign-in attempt names its email's user). */
    consoleActor?: { userId: number; accountId: number };
  }
}

/**
 * Records console actions that change something (signing in, keys, restores…)
 * in the learning log, channel `console`, with the user and account, when
 * their response ends — refusals included (a wrong password, a missing CSRF
 * token). A successful action is recorded as 200 although the browser is sent
 * on with a 303; a refusal keeps its status and error identifier. Page views
 * are not recorded.
 */
@Injectable()
export class ConsoleActionRecorder {
  constructor(private readonly learningLog: LearningLog) {}

  start(req: Request, res: Response, operation: string): void {
    recordWhenAnswered(req, res, (answered) => {
      const user = req.signedInUser;
      const actor = user ? { userId: user.id, accountId: user.account.id } : req.consoleActor;
      const outcome: unknown = res.locals.consoleStatus;
      const { status } = answered;
      this.learningLog.record({
        ...answered,
        channel: 'console',
        operation,
        method: req.method,
        path: req.path,
        status: typeof outcome === 'number' ? outcome : status < 400 ? 200 : status,
        accountId: actor?.accountId ?? null,
        keyId: null,
        userId: actor?.userId ?? null,
      });
    });
  }
}
