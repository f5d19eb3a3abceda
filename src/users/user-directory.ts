import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { UserRole, UserStatus } from './entities/user.entity.js';

/** What names a person where they acted. */
export interface PersonName {
  id: number;
  name: string | null;
  email: string;
}

/** A person as a browser session checks them on every request. */
export interface SessionHolder extends PersonName {
  account_id: number;
  role: UserRole;
  status: UserStatus;
  session_epoch: number;
  /** The IANA zone the console shows their times in; null: UTC. */
  time_zone: string | null;
}

/**
 * Who a person is, for the modules that act on their behalf or name them:
 * the signed-in session, the assistants they allowed, the pages that say who
 * did what. Read on the primary: a person disabled must be refused at once.
 */
@Injectable()
export class UserDirectory {
  constructor(private readonly dataSource: DataSource) {}

  /** The names of the account's people among `ids`, by id; another account's person is absent. */
  async namesOf(accountId: number, ids: readonly number[]): Promise<Map<number, PersonName>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.query<PersonName[]>(
      `SELECT id, name, email FROM users WHERE account_id = $1 AND id = ANY($2::int[])`,
      [accountId, [...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Whether the person exists and is active. */
  async isActive(userId: number): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM users WHERE id = $1 AND status = 'active'`,
      [userId],
    );
    return rows.length > 0;
  }

  /**
   * Whether the person is active, holding their row in the caller's
   * transaction until it ends, so that they cannot be disabled meanwhile
   * (disabling locks the row to change it).
   */
  async holdActive(manager: EntityManager, userId: number): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM users WHERE id = $1 AND status = 'active' FOR SHARE`,
      [userId],
    );
    return rows.length > 0;
  }

  /** The person a session names, whatever their state; null when there is none. */
  async sessionHolder(userId: number): Promise<SessionHolder | null> {
    const [row] = await this.dataSource.query<SessionHolder[]>(
      `SELECT id, email, name, role, status, session_epoch, account_id, time_zone FROM users WHERE id = $1`,
      [userId],
    );
    return row ?? null;
  }
}
