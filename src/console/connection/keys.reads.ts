import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Scope } from '../../auth/entities/api-key.entity.js';

export interface KeyRow {
  id: number;
  name: string | null;
  prefix: string;
  scopes: Scope[];
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_by_user_id: number | null;
  created_by: string | null;
}

/** The account's keys as the connection area lists them: working ones first, newest first. */
@Injectable()
export class KeysReads {
  constructor(private readonly dataSource: DataSource) {}

  list(accountId: number): Promise<KeyRow[]> {
    return this.dataSource.query<KeyRow[]>(
      `SELECT k.id, k.name, k.prefix, k.scopes, k.created_at, k.last_used_at, k.expires_at, k.revoked_at,
              k.created_by_user_id, coalesce(u.name, u.email) AS created_by
         FROM api_keys k LEFT JOIN users u ON u.id = k.created_by_user_id
        WHERE k.account_id = $1
        ORDER BY (k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())) DESC, k.id DESC`,
      [accountId],
    );
  }
}
