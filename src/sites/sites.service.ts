import { Injectable } from '@nestjs/common';
import { JsonRows, type JsonPage } from '../common/json-rows.js';
import { pageMeta, pageOffset } from '../common/pagination.js';
import { PreparedStatements, type RowStream, RowStreams } from '../database/index.js';
import type { SiteDto } from './dto/site.dto.js';

/** Sites of one account. Every method takes the account id: there is no unscoped read. */
@Injectable()
export class SitesService {
  constructor(
    private readonly statements: PreparedStatements,
    private readonly streams: RowStreams,
  ) {}

  /** Every site of the account by id, streamed (the CSV export): SiteDto's fields in order. */
  export(accountId: number): Promise<RowStream> {
    return this.streams.open(
      `SELECT id, name, website_url, language, country, geographic_scope, industry
         FROM sites WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );
  }

  /**
   * One page of the account's sites by id, and their total, in one statement;
   * the rows come as PostgreSQL's JSON (SiteDto's fields), joined in id order.
   */
  async list(accountId: number, page: number, perPage: number): Promise<JsonPage> {
    const [row] = await this.statements.query<{ total: number; page_rows: string | null }>(
      `SELECT (SELECT count(*)::int FROM sites WHERE account_id = $1) AS total,
              (SELECT string_agg(row_to_json(s)::text, ',' ORDER BY s.id)
                 FROM (SELECT id, name, website_url, language, country, geographic_scope, industry
                         FROM sites WHERE account_id = $1 ORDER BY id LIMIT $2 OFFSET $3) s) AS page_rows`,
      [accountId, perPage, pageOffset(page, perPage)],
    );
    return {
      data: new JsonRows(row.page_rows ?? ''),
      meta: pageMeta(page, perPage, row.total),
    };
  }

  /** One site of the account as the API shows it; null when it is not on the account. */
  async get(accountId: number, siteId: number): Promise<SiteDto | null> {
    const [site] = await this.statements.query<SiteDto>(
      `SELECT id, name, website_url, language, country, geographic_scope, industry
         FROM sites WHERE id = $1 AND account_id = $2`,
      [siteId, accountId],
    );
    return site ?? null;
  }
}
