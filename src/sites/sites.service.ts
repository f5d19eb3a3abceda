import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Page, pageMeta, pageOffset } from '../common/pagination.js';
import type { SiteDto } from './dto/site.dto.js';
import { SiteNotFoundError } from './sites.errors.js';

/** Sites of one account. Every method takes the account id: there is no unscoped read. */
@Injectable()
export class SitesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(accountId: number, page: number, perPage: number): Promise<Page<SiteDto>> {
    const [rows, counted] = await Promise.all([
      this.dataSource.query<SiteDto[]>(
        `SELECT id, name, website_url, language, country, geographic_scope, industry
           FROM sites WHERE account_id = $1 ORDER BY id LIMIT $2 OFFSET $3`,
        [accountId, perPage, pageOffset(page, perPage)],
      ),
      this.dataSource.query<Array<{ total: number }>>(
        `SELECT count(*)::int AS total FROM sites WHERE account_id = $1`,
        [accountId],
      ),
    ]);
    return { data: rows, meta: pageMeta(page, perPage, counted[0]?.total ?? 0) };
  }

  /** Resolves when the site is on the account; otherwise 404, whether it exists elsewhere or not. */
  async assertOwned(accountId: number, siteId: number): Promise<void> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM sites WHERE id = $1 AND account_id = $2`,
      [siteId, accountId],
    );
    if (rows.length === 0) throw new SiteNotFoundError(siteId);
  }
}
