import type { Request } from 'express';
import type { PasskeyPurpose } from './session/session-data.js';

/** A ceremony's challenge is good for this long (the browser's own timeout is two minutes). */
const CHALLENGE_MS = 5 * 60 * 1000;

/** Keeps the challenge of the passkey ceremony starting, in the session. */
export function issueChallenge(req: Request, purpose: PasskeyPurpose, challenge: string): void {
  req.session.passkeyChallenge = { challenge, purpose, at: Date.now() };
}

/**
 * The challenge issued for `purpose`, taken out of the session: each
 * challenge answers one response, right or wrong. Undefined when there is
 * none, it was for something else, or it is older than five minutes.
 */
export function takeChallenge(req: Request, purpose: PasskeyPurpose): string | undefined {
  const issued = req.session.passkeyChallenge;
  delete req.session.passkeyChallenge;
  if (issued === undefined || issued.purpose !== purpose) return undefined;
  return Date.now() - issued.at <= CHALLENGE_MS ? issued.challenge : undefined;
}

/** The JSON a passkey form carries in its `response` field; undefined when it is not an object. */
export function parseCredential<T>(text: string): T | undefined {
  if (text.length === 0 || text.length > 64_000) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as T)
      : undefined;
  } catch {
    return undefined;
  }
}
