import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { mcpUrlOf } from '../oauth/oauth-paths.js';
import { knownScopes } from '../oauth/oauth-scopes.js';
import { recordIdHash } from '../oauth/record-id-hash.js';
import type { AccountStatus, Plan } from './entities/account.entity.js';
import type { Scope } from './entities/api-key.entity.js';
import { KEY_CACHE_TTL_MS } from './key-cache.js';

/** What an assistant's access token stands for, as the authorization server stored it. */
export interface ConnectionToken {
  connectionId: number;
  accountId: number;
  scopes: Scope[];
  plan: Plan;
  accountStatus: AccountStatus;
  /** Usable: not expired, for {mcp_url}, and its connection not disconnected. */
  valid: boolean;
}

interface CacheEntry {
  token: ConnectionToken | null;
  until: number;
}

const CACHE_MAX_ENTRIES = 10_000;

/**
 * Looks up assistants' access tokens (issued by src/oauth/), by their hash,
 * with their connection and account — one query, cached like keys for a few
 * seconds, so that a Disconnect, a suspension or a plan change reaches every
 * replica within 10 seconds. A token is only good for the resource it was
 * issued for, {mcp_url}.
 */
@Injectable()
export class ConnectionTokens {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly mcpUrl: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.mcpUrl = mcpUrlOf(config.publicBaseUrl);
  }

  async find(token: string): Promise<ConnectionToken | null> {
    const hash = recordIdHash(token);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.token;
    const [row] = await this.dataSource.query<
      Array<{
        scope: string | null;
        aud: unknown;
        expired: boolean;
        connection_id: number;
        account_id: number;
        revoked: boolean;
        plan: Plan;
        status: AccountStatus;
      }>
    >(
      `SELECT r.payload ->> 'scope' AS scope, r.payload -> 'aud' AS aud,
              (r.expires_at IS NULL OR r.expires_at <= now()) AS expired,
              c.id AS connection_id, c.account_id, c.revoked_at IS NOT NULL AS revoked,
              a.plan, a.status
         FROM oauth_records r
         JOIN oauth_connections c ON c.grant_id = r.grant_id
         JOIN accounts a ON a.id = c.account_id
        WHERE r.model = 'AccessToken' AND r.id_hash = $1`,
      [hash],
    );
    const found: ConnectionToken | null = row
      ? {
          connectionId: row.connection_id,
          accountId: row.account_id,
          scopes: knownScopes(row.scope),
          plan: row.plan,
          accountStatus: row.status,
          valid: !row.expired && !row.revoked && audienceIs(row.aud, this.mcpUrl),
        }
      : null;
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    // An expired token stays expired: cache until the next look would change nothing new.
    this.cache.set(hash, { token: found, until: now + KEY_CACHE_TTL_MS });
    return found;
  }
}

function audienceIs(aud: unknown, resource: string): boolean {
  return aud === resource || (Array.isArray(aud) && aud.length === 1 && aud[0] === resource);
}
