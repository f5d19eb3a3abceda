import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreparedStatements } from '../../database/index.js';
import type { LogoMediaType } from './logo-check.js';

/** An account's stored white label: its own display name (null: the account's name) and logo. */
export interface StoredBrand {
  displayName: string | null;
  logo: { mediaType: LogoMediaType; bytes: Buffer } | null;
  updatedAt: Date | null;
}

/** What a save changes: the display name always, the logo kept, replaced or removed. */
export interface BrandChange {
  displayName: string | null;
  logo: 'keep' | 'remove' | { mediaType: LogoMediaType; bytes: Buffer };
}

/** The one place with SQL on `report_brands`: an account's white label, read and saved. */
@Injectable()
export class ReportBrands {
  constructor(
    private readonly statements: PreparedStatements,
    private readonly dataSource: DataSource,
  ) {}

  async find(accountId: number): Promise<StoredBrand> {
    const [row] = await this.statements.query<{
      display_name: string | null;
      logo_media_type: LogoMediaType | null;
      logo: Buffer | null;
      updated_at: Date;
    }>(
      `SELECT display_name, logo_media_type, logo, updated_at FROM report_brands WHERE account_id = $1`,
      [accountId],
    );
    if (!row) return { displayName: null, logo: null, updatedAt: null };
    return {
      displayName: row.display_name,
      logo:
        row.logo && row.logo_media_type
          ? { mediaType: row.logo_media_type, bytes: row.logo }
          : null,
      updatedAt: row.updated_at,
    };
  }

  /** Saves the change in one statement: the row is made on the first save. */
  async save(accountId: number, userId: number, change: BrandChange): Promise<void> {
    const replace = typeof change.logo === 'object';
    const logo = typeof change.logo === 'object' ? change.logo : null;
    await this.dataSource.query(
      `INSERT INTO report_brands (account_id, display_name, logo_media_type, logo, updated_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT pk_report_brands DO UPDATE SET
         display_name = EXCLUDED.display_name,
         logo_media_type = CASE WHEN $6 THEN EXCLUDED.logo_media_type ELSE report_brands.logo_media_type END,
         logo = CASE WHEN $6 THEN EXCLUDED.logo ELSE report_brands.logo END,
         updated_at = now(),
         updated_by = EXCLUDED.updated_by`,
      [
        accountId,
        change.displayName,
        logo?.mediaType ?? null,
        logo?.bytes ?? null,
        userId,
        replace || change.logo === 'remove',
      ],
    );
  }
}
