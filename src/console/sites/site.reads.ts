import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SiteDto } from '../../sites/dto/site.dto.js';
import { SiteNotFoundError } from '../../sites/sites.errors.js';

/** A site of the account for its console page, and when its articles last changed. */
@Injectable()
export class SiteReads {
  constructor(private readonly dataSource: DataSource) {}

  async site(accountId: number, siteId: number): Promise<SiteDto> {
    const [site] = await this.dataSource.query<SiteDto[]>(
      `SELECT id, name, website_url, language, country, geographic_scope, industry
         FROM sites WHERE id = $1 AND account_id = $2`,
      [siteId, accountId],
    );
    if (!site) throw new SiteNotFoundError(siteId);
    return site;
  }

  /** The time of each article's newest revision (its last change), by article id. */
  async lastChanges(articleIds: number[]): Promise<Map<number, Date>> {
    if (articleIds.length === 0) return new Map();
    const rows = await this.dataSource.query<Array<{ article_id: number; changed_at: Date }>>(
      `SELECT article_id, max(created_at) AS changed_at
         FROM article_revisions WHERE article_id = ANY($1::int[]) GROUP BY article_id`,
      [articleIds],
    );
    return new Map(rows.map((row) => [row.article_id, row.changed_at]));
  }
}
