import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ReadRouter } from '../database/index.js';
import type { SiteDto } from './dto/site.dto.js';

/** A site's fields as the import file gives them (sites.md); each may be null. */
export interface SiteFields {
  name: string | null;
  website_url: string | null;
  language: string | null;
  country: string | null;
  geographic_scope: string | null;
  industry: string | null;
}

/** A site as a list of an account's sites names it. */
export interface SiteSummary {
  id: number;
  name: string | null;
  website_url: string | null;
}

const SITE_FIELDS = [
  'name',
  'website_url',
  'language',
  'country',
  'geographic_scope',
  'industry',
] as const satisfies ReadonlyArray<keyof SiteFields>;

/** The tables a bulk write of sites fills, for settleAfterBulkWrite. */
export const SITE_TABLES = ['sites'] as const;

/**
 * The `sites` table for every other module: whether a site is on an
 * account, the account's sites, and the import's writes. Reads of account
 * pages may go to a read replica (ReadRouter); what a writer asks right
 * after writing reads the primary. A statement that must check ownership in
 * its own round trip embeds `siteOnAccount` instead.
 */
@Injectable()
export class SitesRepository {
  constructor(
    private readonly reads: ReadRouter,
    private readonly dataSource: DataSource,
  ) {}

  /** The account's site `siteId`; null when it is not on the account, whether it exists elsewhere or not. */
  async findOwned(accountId: number, siteId: number): Promise<SiteDto | null> {
    const [site] = await this.reads.query<SiteDto>(
      `SELECT id, name, website_url, language, country, geographic_scope, industry
         FROM sites WHERE id = $1 AND account_id = $2`,
      [siteId, accountId],
    );
    return site ?? null;
  }

  async countOwned(accountId: number): Promise<number> {
    const [row] = await this.reads.query<{ sites: number }>(
      `SELECT count(*)::int AS sites FROM sites WHERE account_id = $1`,
      [accountId],
    );
    return row.sites;
  }

  /** A page of the account's sites, by id. */
  listOwned(accountId: number, limit: number, offset: number): Promise<SiteSummary[]> {
    return this.reads.query<SiteSummary>(
      `SELECT id, name, website_url FROM sites WHERE account_id = $1 ORDER BY id LIMIT $2 OFFSET $3`,
      [accountId, limit, offset],
    );
  }

  /** Whether the account has a site yet (on the primary: asked right after an import). */
  async hasAny(accountId: number): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      'SELECT 1 FROM sites WHERE account_id = $1 LIMIT 1',
      [accountId],
    );
    return rows.length > 0;
  }

  /** The account a site is on, for the operator who names a row by id alone; null when there is no such site. */
  async accountOf(siteId: number): Promise<number | null> {
    const [row] = await this.dataSource.query<Array<{ account_id: number }>>(
      'SELECT account_id FROM sites WHERE id = $1',
      [siteId],
    );
    return row?.account_id ?? null;
  }

  /** The account's site with this import ref, in the import's transaction; null when there is none. */
  async findByRef(manager: EntityManager, accountId: number, ref: string): Promise<number | null> {
    const [found] = await manager.query<Array<{ id: number }>>(
      'SELECT id FROM sites WHERE account_id = $1 AND ref = $2',
      [accountId, ref],
    );
    return found?.id ?? null;
  }

  /** A new site of the account with what is known of it so far; its id. */
  async create(
    manager: EntityManager,
    accountId: number,
    ref: string | null,
    fields: Partial<SiteFields>,
  ): Promise<number> {
    const [created] = await manager.query<Array<{ id: number }>>(
      `INSERT INTO sites (account_id, ref, ${SITE_FIELDS.join(', ')})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [accountId, ref, ...SITE_FIELDS.map((field) => fields[field] ?? null)],
    );
    return created.id;
  }

  /** Writes the site's fields, if they differ from what is stored. */
  async update(manager: EntityManager, siteId: number, fields: SiteFields): Promise<void> {
    const assignments = SITE_FIELDS.map((field, i) => `${field} = $${i + 2}`).join(', ');
    const stored = SITE_FIELDS.join(', ');
    const given = SITE_FIELDS.map((_, i) => `$${i + 2}::text`).join(', ');
    await manager.query(
      `UPDATE sites SET ${assignments}, updated_at = now()
        WHERE id = $1 AND (${stored}) IS DISTINCT FROM (${given})`,
      [siteId, ...SITE_FIELDS.map((field) => fields[field])],
    );
  }
}
