/** What a credential may do: `read` the account's data, `write` its articles. */
export const SCOPES = ['read', 'write'] as const;
export type Scope = (typeof SCOPES)[number];

/** The scopes an assistant may ask for: the API keys' own. */
export const OAUTH_SCOPES: readonly Scope[] = SCOPES;

/** The scopes of a space-separated list this server knows, in a stable order. */
export function knownScopes(list: unknown): Scope[] {
  const asked = new Set(typeof list === 'string' ? list.split(' ') : []);
  return OAUTH_SCOPES.filter((scope) => asked.has(scope));
}
