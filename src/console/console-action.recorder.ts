import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { assignLearningLogId } from '../audit/learning-log-id.js';
import { LearningLog } from '../audit/learning-log.service.js';
import { requestIdOf } from '../common/http/request-id.middleware.js';
import type { SignedInUser } from '../sign-in/signed-in-user.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by ConsoleGuard on every console request. */
    signedInUser?: SignedInUser | null;
    /** Who an action was by when nobody was signed in yet (a sign-in attempt names its email's user). */
    consoleActor?: { userId: number; accountId: number };
  }
}

const MAX_USER_AGENT_LENGTH = 512;
const CLIENT_CLOSED_REQUEST = 499;

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
    const occurredAt = new Date();
    const id = assignLearningLogId(req, occurredAt);
    const started = process.hrtime.bigint();
    let recorded = false;
    const record = (): void => {
      if (recorded) return;
      recorded = true;
      const user = req.signedInUser;
      const actor = user ? { userId: user.id, accountId: user.account.id } : req.consoleActor;
      const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED_REQUEST;
      const errorCode: unknown = res.locals.errorCode;
      const outcome: unknown = res.locals.consoleStatus;
      this.learningLog.record({
        id,
        occurredAt,
        channel: 'console',
        operation,
        method: req.method,
        path: req.path,
        status: typeof outcome === 'number' ? outcome : status < 400 ? 200 : status,
        durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
        accountId: actor?.accountId ?? null,
        keyId: null,
        userId: actor?.userId ?? null,
        requestId: requestIdOf(req),
        clientAddress: req.ip ?? null,
        userAgent: req.get('user-agent')?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
        error: typeof errorCode === 'string' ? errorCode : null,
      });
    };
    res.once('finish', record);
    res.once('close', record);
  }
}
