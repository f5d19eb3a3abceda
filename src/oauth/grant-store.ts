import type { DataSource } from 'typeorm';
import { OAuthRecordStore } from './oauth-record-store.js';

/**
 * Grants, one per connection. The authorization server destroys a grant when
 * it revokes it — a used refresh token or code presented again, the
 * assistant revoking one of its tokens — and waits for that before it
 * answers, so the connection is ended here, in the same step, with every
 * token of the grant.
 */
export class GrantStore extends OAuthRecordStore {
  constructor(private readonly db: DataSource) {
    super(db, 'Grant');
  }

  override async destroy(grantId: string): Promise<void> {
    await super.destroy(grantId);
    await this.db.query(
      `UPDATE oauth_connections SET revoked_at = now() WHERE grant_id = $1 AND revoked_at IS NULL`,
      [grantId],
    );
    await this.db.query(`DELETE FROM oauth_records WHERE grant_id = $1`, [grantId]);
  }
}
