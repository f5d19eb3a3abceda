import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isCall } from '../common/request/call-paths.js';
import { learningLogLabel } from './call-label.js';
import { LearningLog } from './learning-log.service.js';
import { recordWhenAnswered } from './record-when-answered.js';

const MAX_PATH_LENGTH = 2_048;

/**
 * Records every API call in the learning log when its response ends —
 * including calls that a guard refused and paths no route matches, which a
 * Nest interceptor never sees, under any spelling of /api and /mcp
 * (isCall). By then the request carries all there is to know: the operation
 * id (CallAdmission), key or connection and account (`req.auth`, set by the
 * authenticator even when it refused) and the error identifier
 * (`res.locals.errorCode`, set by ApiExceptionFilter). Channel and operation
 * come from learningLogLabel: requests to the agent endpoint are channel
 * `mcp`, and so are the API calls the hosted agent server makes for a tool,
 * recognised by their connection, with the tool as operation.
 * Mounted in createApp right after the request id, ahead of call admission
 * and body parsing, so that refused and malformed calls are recorded too.
 */
@Injectable()
export class ApiCallRecorder {
  constructor(private readonly learningLog: LearningLog) {}

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path;
    if (!isCall(req)) return next();
    recordWhenAnswered(req, res, (answered) => {
      const label = learningLogLabel(req, res);
      // A /mcp message whose tool call reached the API is recorded once, as that call.
      if (label === null) return;
      this.learningLog.record({
        ...answered,
        channel: label.channel,
        operation: label.operation,
        method: req.method,
        path: path.slice(0, MAX_PATH_LENGTH),
        accountId: req.auth?.accountId ?? null,
        keyId: req.auth?.keyId ?? null,
        connectionId: req.auth?.connectionId ?? null,
      });
    });
    next();
  };
}
