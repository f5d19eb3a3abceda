import { Injectable, Optional } from '@nestjs/common';
import { AccessTokenVerifier } from './access-token-verifier.js';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { hashApiKey, looksLikeApiKey } from './api-key.codec.js';
import {
  AccountSuspendedError,
  InvalidCredentialsError,
  PlanNotEligibleError,
} from './auth.errors.js';
import { credentialFrom } from './credentials.js';
import { API_PLANS, AccountStatus, Plan } from './entities/account.entity.js';
import type { Scope } from '../common/request/scopes.js';
import { KEY_CACHE_TTL_MS } from './key-cache.js';
import { KeyUsageRecorder } from './key-usage.recorder.js';
import type { AuthAttempt, Principal } from './principal.js';
import { acceptsAccessTokens } from './token-audience.js';

export { KEY_CACHE_TTL_MS } from './key-cache.js';
const KEY_CACHE_MAX_ENTRIES = 10_000;

const INVALID_TOKEN = 'The access token is unknown, expired or disconnected.';

interface KeyRecord {
  keyId: number;
  accountId: number;
  scopes: Scope[];
  plan: Plan;
  accountStatus: AccountStatus;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

interface CacheEntry {
  record: KeyRecord | null;
  until: number;
}

/**
 * Turns a raw key — or, on the hosted agent server, an assistant's access
 * token — into a Principal, or refuses it with the contract's 401/403.
 */
@Injectable()
export class Authenticator {
  private readonly cache = new Map<string, CacheEntry>();
  /** One verdict per request: the rate-limit guard and ApiKeyGuard both ask. */
  private readonly verdicts = new WeakMap<Request, Promise<Principal>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly usage: KeyUsageRecorder,
    /** Provided by the OAuth module; absent where it is not loaded, and then no token is good. */
    @Optional() private readonly tokens?: AccessTokenVerifier,
  ) {}

  /**
   * Authenticates an HTTP request, leaving what it learned on `req.auth` even
   * when it refuses. Asked again for the same request, it gives the same verdict
   * without looking the key up or counting its use a second time.
   */
  authenticateRequest(req: Request): Promise<Principal> {
    let verdict = this.verdicts.get(req);
    if (verdict === undefined) {
      const attempt: AuthAttempt = {
        keyId: null,
        connectionId: null,
        accountId: null,
        principal: null,
      };
      req.auth = attempt;
      verdict = (async () => {
        const credential = credentialFrom(req);
        return looksLikeApiKey(credential) || !acceptsAccessTokens(req)
          ? this.authenticateKey(credential, attempt)
          : this.authenticateAccessToken(credential, attempt);
      })();
      this.verdicts.set(req, verdict);
    }
    return verdict;
  }

  async authenticateKey(key: string, attempt: AuthAttempt): Promise<Principal> {
    const record = looksLikeApiKey(key) ? await this.lookup(hashApiKey(key)) : null;
    if (record === null) throw new InvalidCredentialsError();
    attempt.keyId = record.keyId;
    attempt.accountId = record.accountId;
    const now = Date.now();
    // A rotated key's revoked_at is the end of its overlap: it works until then.
    if (
      (record.revokedAt !== null && record.revokedAt.getTime() <= now) ||
      (record.expiresAt !== null && record.expiresAt.getTime() <= now)
    ) {
      throw new InvalidCredentialsError();
    }
    if (record.accountStatus === 'suspended') throw new AccountSuspendedError();
    if (!API_PLANS.includes(record.plan)) throw new PlanNotEligibleError(record.plan);
    const principal: Principal = {
      accountId: record.accountId,
      keyId: record.keyId,
      connectionId: null,
      scopes: record.scopes,
      plan: record.plan,
    };
    attempt.principal = principal;
    this.usage.record(record.keyId);
    return principal;
  }

  /** An assistant's access token: its connection acts like a key with the scopes granted. */
  private async authenticateAccessToken(token: string, attempt: AuthAttempt): Promise<Principal> {
    const found = (await this.tokens?.find(token)) ?? null;
    if (found === null) throw new InvalidCredentialsError(INVALID_TOKEN);
    attempt.connectionId = found.connectionId;
    attempt.accountId = found.accountId;
    if (!found.valid) throw new InvalidCredentialsError(INVALID_TOKEN);
    if (found.accountStatus === 'suspended') throw new AccountSuspendedError();
    if (!API_PLANS.includes(found.plan)) throw new PlanNotEligibleError(found.plan);
    const principal: Principal = {
      accountId: found.accountId,
      keyId: null,
      connectionId: found.connectionId,
      scopes: found.scopes,
      plan: found.plan,
    };
    attempt.principal = principal;
    this.tokens?.recordUse(found.connectionId);
    return principal;
  }

  private async lookup(hash: string): Promise<KeyRecord | null> {
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.record;
    const rows: Array<{
      id: number;
      account_id: number;
      scopes: Scope[];
      expires_at: Date | null;
      revoked_at: Date | null;
      plan: Plan;
      status: AccountStatus;
    }> = await this.dataSource.query(
      `SELECT k.id, k.account_id, k.scopes, k.expires_at, k.revoked_at, a.plan, a.status
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.key_hash = $1`,
      [hash],
    );
    const row = rows[0];
    const record: KeyRecord | null = row
      ? {
          keyId: row.id,
          accountId: row.account_id,
          scopes: row.scopes,
          plan: row.plan,
          accountStatus: row.status,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
        }
      : null;
    if (this.cache.size >= KEY_CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(hash, { record, until: now + KEY_CACHE_TTL_MS });
    return record;
  }
}
