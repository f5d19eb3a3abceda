import type { Request } from 'express';
import { uuidV7 } from './uuid-v7.js';

declare module 'express-serve-static-core' {
  interface Request {
    /**
     * The id of the learning-log row this request will be recorded as, minted
     * when recording starts, so that what the request makes (a revision) can
     * point at its row. Unlike the request id, no client chooses or reuses it.
     */
    learningLogId?: string;
  }
}

/** Mints the request's learning-log row id (time-ordered, like every row id). */
export function assignLearningLogId(req: Request, occurredAt: Date): string {
  req.learningLogId = uuidV7(occurredAt.getTime());
  return req.learningLogId;
}
