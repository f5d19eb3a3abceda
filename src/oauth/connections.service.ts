import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Scope } from '../auth/entities/api-key.entity.js';
import { deleteGrantRecords } from './oauth-record-store.js';

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

/**
 * Assistants' connections: made when a person clicks Allow (one per grant),
 * ended by Disconnect in the console (here), or by the authorization server
 * revoking its grant (GrantStore): the assistant revoking its refresh token,
 * a used refresh token or code presented again. Ending one marks
 * it and deletes its codes and tokens at once; the access tokens already out
 * are refused within the token cache's few seconds (ConnectionTokens).
 */
@Injectable()
export class ConnectionsService {
  constructor(private readonly dataSource: DataSource) {}

  async create(connection: NewConnection): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO oauth_connections (account_id, user_id, grant_id, client_id, assistant_name, scopes)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
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
  }

  /** The account's connections, newest first, disconnected ones included. */
  list(accountId: number): Promise<ConnectionView[]> {
    return this.dataSource.query<ConnectionView[]>(
      `SELECT c.id, c.client_id, c.assistant_name, c.scopes, u.name AS allowed_by_name,
              u.email AS allowed_by_email, c.created_at, c.last_used_at, c.revoked_at
         FROM oauth_connections c LEFT JOIN users u ON u.id = c.user_id
        WHERE c.account_id = $1
        ORDER BY c.created_at DESC, c.id DESC`,
      [accountId],
    );
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
    await deleteGrantRecords(this.dataSource, row.grant_id);
    return true;
  }
}
