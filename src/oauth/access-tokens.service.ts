import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type AccessTokenGrant,
  AccessTokenVerifier,
  AccountsService,
  KEY_CACHE_TTL_MS,
} from '../auth/index.js';
import { mcpUrlOf } from '../common/request/oauth-paths.js';
import { knownScopes } from '../common/request/scopes.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { UserDirectory } from '../users/index.js';
import { ConnectionUsageRecorder } from './connection-usage.recorder.js';
import { recordIdHash } from './record-id-hash.js';

/** An access token with its connection, as this module's own tables hold them. */
interface TokenRow {
  scope: string | null;
  aud: unknown;
  expired: boolean;
  connection_id: number;
  account_id: number;
  user_id: number | null;
  revoked: boolean;
}

interface CacheEntry {
  token: AccessTokenGrant | null;
  until: number;
}

const CACHE_MAX_ENTRIES = 10_000;

/**
 * Looks up assistants' access tokens (issued here), by their hash, with
 * their connection; then the account (auth's) and whether the person who
 * allowed it is still active (users'), both at once. Cached like keys for a
 * few seconds, so that a Disconnect, the person being disabled or removed, a
 * suspension or a plan change reaches every replica within 10 seconds. A
 * token is only good for the resource it was issued for, {mcp_url}.
 */
@Injectable()
export class AccessTokensService extends AccessTokenVerifier {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly mcpUrl: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly usage: ConnectionUsageRecorder,
    private readonly accounts: AccountsService,
    private readonly people: UserDirectory,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.mcpUrl = mcpUrlOf(config.publicBaseUrl);
  }

  recordUse(connectionId: number): void {
    this.usage.record(connectionId);
  }

  async find(token: string): Promise<AccessTokenGrant | null> {
    const hash = recordIdHash(token);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.token;
    const [row] = await this.dataSource.query<TokenRow[]>(
      `SELECT r.payload ->> 'scope' AS scope, r.payload -> 'aud' AS aud,
              (r.expires_at IS NULL OR r.expires_at <= now()) AS expired,
              c.id AS connection_id, c.account_id, c.user_id, c.revoked_at IS NOT NULL AS revoked
         FROM oauth_records r
         JOIN oauth_connections c ON c.grant_id = r.grant_id
        WHERE r.model = 'AccessToken' AND r.id_hash = $1`,
      [hash],
    );
    const found = row ? await this.grantOf(row) : null;
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    // An expired token stays expired: cache until the next look would change nothing new.
    this.cache.set(hash, { token: found, until: now + KEY_CACHE_TTL_MS });
    return found;
  }

  /** The token's grant: its account's plan and standing, and whether the person who allowed it is still active. */
  private async grantOf(row: TokenRow): Promise<AccessTokenGrant | null> {
    const [account, personActive] = await Promise.all([
      this.accounts.find(row.account_id),
      row.user_id === null ? false : this.people.isActive(row.user_id),
    ]);
    if (account === null) return null;
    return {
      connectionId: row.connection_id,
      accountId: row.account_id,
      scopes: knownScopes(row.scope),
      plan: account.plan,
      accountStatus: account.status,
      valid: !row.expired && !row.revoked && personActive && audienceIs(row.aud, this.mcpUrl),
    };
  }
}

function audienceIs(aud: unknown, resource: string): boolean {
  return aud === resource || (Array.isArray(aud) && aud.length === 1 && aud[0] === resource);
}
