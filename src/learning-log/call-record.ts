import type { Channel } from './entities/learning-log-entry.entity.js';

/** One API or agent call or console action, as the learning log keeps it. Never a request body or a credential. */
export interface CallRecord {
  /** The row's id, when the request needed it before the row was written (see learningLogIdOf). */
  id?: string;
  occurredAt: Date;
  channel: Channel;
  /** The route's operation id, or the agent tool's name; null for an unknown path. */
  operation: string | null;
  method: string | null;
  path: string | null;
  status: number;
  durationMs: number;
  accountId: number | null;
  keyId: number | null;
  /** The assistant's connection that made an agent call (then keyId is null). */
  connectionId?: number | null;
  /** Who acted in the console; null for API and agent calls. */
  userId?: number | null;
  requestId: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  /** Channel `email`: the recipient and subject of a message (its body, which may hold a link, never). */
  mailTo?: string | null;
  mailSubject?: string | null;
  /** The error identifier of the envelope, when the call failed. */
  error: string | null;
}
