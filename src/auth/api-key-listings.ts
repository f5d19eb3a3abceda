import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Scope } from '../common/request/scopes.js';
import { ReadRouter } from '../database/index.js';

/** A key as an account's pages list it. */
export interface KeyListing {
  id: number;
  name: string | null;
  prefix: string;
  scopes: Scope[];
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  /** When it stops or stopped working (ahead during a rotation's overlap). */
  revoked_at: Date | null;
  /** The key that replaced it, when it was rotated. */
  replaced_by_key_id: number | null;
  /** The person who made it in the console; null for the operator's keys. */
  created_by_user_id: number | null;
}

/** What names a key where it acted. */
export interface KeyLabel {
  id: number;
  name: string | null;
  prefix: string;
}

/**
 * The keys of an account as its pages show them: every read takes the
 * account. Keys change under the person reading (made, revoked) and are read
 * on the primary; only the overview's count may go to a read replica.
 */
@Injectable()
export class ApiKeyListings {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: ReadRouter,
  ) {}

  /** The account's keys: working ones first, newest first. */
  list(accountId: number): Promise<KeyListing[]> {
    return this.dataSource.query<KeyListing[]>(
      `SELECT id, name, prefix, scopes, created_at, last_used_at, expires_at, revoked_at,
              replaced_by_key_id, created_by_user_id
         FROM api_keys
        WHERE account_id = $1
        ORDER BY ((revoked_at IS NULL OR revoked_at > now()) AND (expires_at IS NULL OR expires_at > now())) DESC,
                 id DESC`,
      [accountId],
    );
  }

  /** Every key of the account, revoked ones too, newest first. */
  labels(accountId: number): Promise<KeyLabel[]> {
    return this.dataSource.query<KeyLabel[]>(
      `SELECT id, name, prefix FROM api_keys WHERE account_id = $1 ORDER BY id DESC`,
      [accountId],
    );
  }

  /** The labels of the account's keys among `ids`, by id; another account's key is absent. */
  async labelsOf(accountId: number, ids: readonly number[]): Promise<Map<number, KeyLabel>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.query<KeyLabel[]>(
      `SELECT id, name, prefix FROM api_keys WHERE account_id = $1 AND id = ANY($2::int[])`,
      [accountId, [...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** How many of the account's keys work: neither revoked nor expired. */
  async countActive(accountId: number): Promise<number> {
    const [row] = await this.reads.query<{ active: number }>(
      `SELECT count(*)::int AS active FROM api_keys
        WHERE account_id = $1 AND (revoked_at IS NULL OR revoked_at > now())
          AND (expires_at IS NULL OR expires_at > now())`,
      [accountId],
    );
    return row.active;
  }
}
