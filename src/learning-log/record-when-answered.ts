import type { Request, Response } from 'express';
import { requestIdOf } from '../common/http/request-id.middleware.js';
import type { CallRecord } from './call-record.js';
import { assignLearningLogId } from './learning-log-id.js';

/** The status nginx popularised for a client that hung up before the answer was sent. */
const CLIENT_CLOSED_REQUEST = 499;
const MAX_USER_AGENT_LENGTH = 512;

/** What every learning-log row of a request holds, whoever records it. */
export type AnsweredRequest = Pick<
  CallRecord,
  'occurredAt' | 'status' | 'durationMs' | 'requestId' | 'clientAddress' | 'userAgent' | 'error'
> & { id: string };

/**
 * Starts timing a request now (minting its learning-log row id, so that what
 * it makes can point at its row) and calls `record` once when its response
 * ends: sent in full, or cut off by the client (then status 499). By then
 * the request carries its error identifier (`res.locals.errorCode`, set by
 * the exception filters).
 */
export function recordWhenAnswered(
  req: Request,
  res: Response,
  record: (answered: AnsweredRequest) => void,
): void {
  const occurredAt = new Date();
  const id = assignLearningLogId(req, occurredAt);
  const started = process.hrtime.bigint();
  let recorded = false;
  const answered = (): void => {
    if (recorded) return;
    recorded = true;
    const errorCode: unknown = res.locals.errorCode;
    record({
      id,
      occurredAt,
      status: res.writableFinished ? res.statusCode : CLIENT_CLOSED_REQUEST,
      durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
      requestId: requestIdOf(req),
      clientAddress: req.ip ?? null,
      userAgent: req.get('user-agent')?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
      error: typeof errorCode === 'string' ? errorCode : null,
    });
  };
  res.once('finish', answered);
  res.once('close', answered);
}
