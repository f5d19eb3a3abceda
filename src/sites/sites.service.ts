import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Page, pageMeta, pageOffset } from '../common/pagination.js';
import type { SiteDto } from './dto/site.dto.js';

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
}
