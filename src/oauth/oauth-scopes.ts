import type { Scope } from '../auth/entities/api-key.entity.js';

/** The scopes an assistant may ask for: the API keys' own. */
export const OAUTH_SCOPES: readonly Scope[] = ['read', 'write'];

/** The scopes of a space-separated list this server knows, in a stable order. */
export function knownScopes(list: unknown): Scope[] {
  const asked = new Set(typeof list === 'string' ? list.split(' ') : []);
  return OAUTH_SCOPES.filter((scope) => asked.has(scope));
}
