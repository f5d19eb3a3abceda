import type { Scope } from '../common/request/scopes.js';
import type { AccountStatus, Plan } from './entities/account.entity.js';

/** What an assistant's access token stands for, as the authorization server stored it. */
export interface AccessTokenGrant {
  connectionId: number;
  accountId: number;
  scopes: Scope[];
  plan: Plan;
  accountStatus: AccountStatus;
  /**
   * Usable: not expired, for {mcp_url}, its connection not ended, and the
   * person who allowed it still an active user.
   */
  valid: boolean;
}

/**
 * Assistants' access tokens, as the Authenticator needs them. The OAuth
 * module issues the tokens and provides this (OAuthTokensModule): auth
 * declares what it needs and never imports the module that owns the tables.
 * Where no OAuth module is loaded (the command-line tool), there is none and
 * every token is refused.
 */
export abstract class AccessTokenVerifier {
  /** The token's grant, or null for a token never issued. Cached briefly (≤ KEY_CACHE_TTL_MS). */
  abstract find(token: string): Promise<AccessTokenGrant | null>;
  /** Notes that the connection was used now (its "last used", written off the request path). */
  abstract recordUse(connectionId: number): void;
}
