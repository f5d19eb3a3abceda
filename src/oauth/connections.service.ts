import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Scope } from '../common/request/scopes.js';
import { UserDirectory } from '../users/index.js';
import { deleteGrantRecords, type Queryable } from './oauth-record-store.js';

export interface NewConnection {
  accountId: number;
  userId: number;
  grantId: string;
  clientId: string;
  assistantName: string;
  scopes: Scope[];
}

/** A connection as the console lists it. */
export interface ConnectionView {
  id: number;
  client_id: string;
  assistant_name: string;
  scopes: Scope[];
  allowed_by_name: string | null;
  allowed_by_email: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** An assistant as the account's pages name it. */
export interface AssistantName {
  id: number;
  assistant_name: string;
}

/**
 * Assistants' connections: made when a person clicks Allow (one per grant),
 * ended by Disconnect in the console (here), by the person who allowed it
 * being disabled (endConnectionsAllowedBy), or by the authorization server
 * revoking its grant (GrantStore): the assistant revoking one of its tokens,
 * a used refresh token or code presented again. Ending one marks
 * it and deletes its codes and tokens at once; the access tokens already out
 * are refused within the token cache's few seconds (AccessTokensService).
 */
@Injectable()
export class ConnectionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly people: UserDirectory,
  ) {}

  /**
   * The connection's id; undefined, and the grant deleted, when the person
   * allowing it is no longer active. Their row is locked while the connection
   * is made, so that it cannot slip past their being disabled at that moment.
   */
  async create(connection: NewConnection): Promise<number | undefined> {
    const id = await this.dataSource.transaction(async (manager) => {
      if (!(await this.people.holdActive(manager, connection.userId))) return undefined;
      const [row] = await manager.query<Array<{ id: number }>>(
        `INSERT INTO oauth_connections (account_id, user_id, grant_id, client_id, assistant_name, scopes)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id`,
        [
          connection.accountId,
          connection.userId,
          connection.grantId,
          connection.clientId,
          connection.assistantName,
          connection.scopes,
        ],
      );
      return row.id;
    });
    if (id === undefined) await deleteGrantRecords(this.dataSource, [connection.grantId]);
    return id;
  }

  /** The account's connections, newest first, disconnected ones included, with who allowed each. */
  async list(accountId: number): Promise<ConnectionView[]> {
    const rows = await this.dataSource.query<
      Array<
        Omit<ConnectionView, 'allowed_by_name' | 'allowed_by_email'> & { user_id: number | null }
      >
    >(
      `SELECT id, client_id, assistant_name, scopes, user_id, created_at, last_used_at, revoked_at
         FROM oauth_connections
        WHERE account_id = $1
        ORDER BY created_at DESC, id DESC`,
      [accountId],
    );
    const people = await this.people.namesOf(
      accountId,
      rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])),
    );
    return rows.map(({ user_id, ...row }) => {
      const person = user_id === null ? undefined : people.get(user_id);
      return {
        ...row,
        allowed_by_name: person?.name ?? null,
        allowed_by_email: person?.email ?? null,
      };
    });
  }

  /** Every assistant of the account, disconnected ones too, newest first. */
  assistants(accountId: number): Promise<AssistantName[]> {
    return this.dataSource.query<AssistantName[]>(
      `SELECT id, assistant_name FROM oauth_connections WHERE account_id = $1 ORDER BY id DESC`,
      [accountId],
    );
  }

  /** The names of the account's assistants among the connections `ids`, by id; another account's is absent. */
  async assistantNames(accountId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.query<AssistantName[]>(
      `SELECT id, assistant_name FROM oauth_connections WHERE account_id = $1 AND id = ANY($2::int[])`,
      [accountId, [...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, row.assistant_name]));
  }

  /** The account's connection `id`, or undefined (another account's is as if it did not exist). */
  async findOnAccount(accountId: number, id: number): Promise<ConnectionView | undefined> {
    return (await this.list(accountId)).find((connection) => connection.id === id);
  }

  /** Disconnects the account's connection `id`; false when there is no such live connection. */
  async disconnect(accountId: number, id: number): Promise<boolean> {
    const [row] = await this.dataSource.query<Array<{ grant_id: string }>>(
      `WITH ended AS (
         UPDATE oauth_connections SET revoked_at = now()
          WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL RETURNING grant_id)
       SELECT grant_id FROM ended`,
      [id, accountId],
    );
    if (row === undefined) return false;
    await deleteGrantRecords(this.dataSource, [row.grant_id]);
    return true;
  }
}

/**
 * Ends every live connection `userId` allowed, with all their codes and
 * tokens, in the caller's transaction (the person is being disabled): a
 * connection is only as alive as the person who allowed it, and enabling them
 * again does not bring it back.
 */
export async function endConnectionsAllowedBy(db: Queryable, userId: number): Promise<void> {
  const ended = await db.query<Array<{ grant_id: string }>>(
    `WITH ended AS (
       UPDATE oauth_connections SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL RETURNING grant_id)
     SELECT grant_id FROM ended`,
    [userId],
  );
  await deleteGrantRecords(
    db,
    ended.map((row) => row.grant_id),
  );
}
