import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DataSource, EntityManager } from 'typeorm';
import { recordIdHash } from './record-id-hash.js';

interface RecordRow {
  payload: AdapterPayload;
  consumed_at: Date | null;
  expires_at: Date | null;
}

/**
 * oidc-provider's storage, in PostgreSQL (`oauth_records`), so that every
 * replica can serve every step of a sign-in and every token. One instance
 * per kind of record (`model`: AccessToken, AuthorizationCode, RefreshToken,
 * Grant, Interaction, Session, Client…). The record's id is kept out of the
 * stored payload (`jti`) and given back on reading, when the caller has it.
 * Expired rows are never returned, and are deleted a few at a time on writes.
 */
export class OAuthRecordStore implements Adapter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const stored: AdapterPayload = { ...payload };
    delete stored.jti;
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    await this.dataSource.query(
      `INSERT INTO oauth_records (model, id_hash, payload, grant_id, uid_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (model, id_hash) DO UPDATE
         SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
             uid_hash = EXCLUDED.uid_hash, expires_at = EXCLUDED.expires_at`,
      [
        this.model,
        recordIdHash(id),
        JSON.stringify(stored),
        payload.grantId ?? null,
        payload.uid === undefined ? null : recordIdHash(payload.uid),
        expiresAt,
      ],
    );
    await this.dataSource.query(
      `DELETE FROM oauth_records WHERE ctid IN (
         SELECT ctid FROM oauth_records WHERE expires_at < now() LIMIT 20)`,
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const row = await this.one(`id_hash = $2`, recordIdHash(id));
    return row === undefined ? undefined : { ...row, jti: id };
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.one(`uid_hash = $2`, recordIdHash(uid));
  }

  findByUserCode(): Promise<AdapterPayload | undefined> {
    // The device flow is off: there are no user codes.
    return Promise.resolve(undefined);
  }

  async consume(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE oauth_records SET consumed_at = now() WHERE model = $1 AND id_hash = $2`,
      [this.model, recordIdHash(id)],
    );
  }

  async destroy(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM oauth_records WHERE model = $1 AND id_hash = $2`, [
      this.model,
      recordIdHash(id),
    ]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM oauth_records WHERE model = $1 AND grant_id = $2`, [
      this.model,
      grantId,
    ]);
  }

  private async one(where: string, value: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.dataSource.query<RecordRow[]>(
      `SELECT payload, consumed_at, expires_at FROM oauth_records
        WHERE model = $1 AND ${where} AND (expires_at IS NULL OR expires_at > now())`,
      [this.model, value],
    );
    if (row === undefined) return undefined;
    const consumed =
      row.consumed_at === null ? {} : { consumed: Math.floor(row.consumed_at.getTime() / 1000) };
    return { ...row.payload, ...consumed };
  }
}

/** The database, or a transaction on it. */
export type Queryable = Pick<EntityManager, 'query'>;

/** Every record of these grants, whatever its kind: a disconnected assistant keeps nothing. */
export async function deleteGrantRecords(
  db: Queryable,
  grantIds: readonly string[],
): Promise<void> {
  if (grantIds.length === 0) return;
  await db.query(
    `DELETE FROM oauth_records WHERE grant_id = ANY($1) OR (model = 'Grant' AND id_hash = ANY($2))`,
    [grantIds, grantIds.map(recordIdHash)],
  );
}
