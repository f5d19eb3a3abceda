import { createHash, randomBytes } from 'node:crypto';

/** How long a set-password link works. */
export const PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;
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
