import { createHash, randomBytes } from 'node:crypto';

/** What a link to choose a password is for, and so how long it works. */
export type PasswordLinkPurpose = 'set' | 'reset' | 'invite';

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long each link works: the operator's set-password link 24 hours, a
 * forgotten password's 1 hour, an invitation 7 days (accounts.md).
 */
export const PASSWORD_LINK_TTL_MS: Record<PasswordLinkPurpose, number> = {
  set: 24 * HOUR_MS,
  reset: HOUR_MS,
  invite: 7 * 24 * HOUR_MS,
};
export const SET_PASSWORD_PATH = '/console/set-password';

/** A new link token: 32 random bytes, base64url. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function setPasswordUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}${SET_PASSWORD_PATH}?token=${token}`;
}
