import type { Channel } from './entities/learning-log-entry.entity.js';

/** One API or agent call, as the learning log keeps it. Never a request body or a credential. */
export interface CallRecord {
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
  requestId: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  /** The error identifier of the envelope, when the call failed. */
  error: string | null;
}
