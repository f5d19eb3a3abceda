import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SiteSummary {
  id: number;
  name: string | null;
  website_url: string | null;
  articles: number;
  backlinks: number;
}

export interface AccountFigures {
  sites: number;
  active_keys: number;
  calls_24h: number;
}

/** What the overview shows of an account: its sites with their totals (from the site rollups). */
@Injectable()
export class OverviewReads {
  constructor(private readonly dataSource: DataSource) {}

  async figures(accountId: number): Promise<AccountFigures> {
    const [row] = await this.dataSource.query<AccountFigures[]>(
      `SELECT (SELECT count(*) FROM sites WHERE account_id = $1)::int AS sites,
              (SELECT count(*) FROM api_keys
                WHERE account_id = $1 AND revoked_at IS NULL
                  AND (expires_at IS NULL OR expires_at > now()))::int AS active_keys,
              (SELECT count(*) FROM learning_log
                WHERE account_id = $1 AND occurred_at > now() - interval '24 hours'
                  AND channel IN ('api', 'mcp'))::int AS calls_24h`,
      [accountId],
    );
    return row;
  }

  async sites(accountId: number, limit: number, offset: number): Promise<SiteSummary[]> {
    return this.dataSource.query<SiteSummary[]>(
      `SELECT s.id, s.name, s.website_url,
              (SELECT coalesce(sum(c.articles), 0) FROM article_site_counts c WHERE c.site_id = s.id)::int AS articles,
              (SELECT coalesce(sum(c.backlinks), 0) FROM backlink_site_counts c WHERE c.site_id = s.id)::int AS backlinks
         FROM sites s WHERE s.account_id = $1 ORDER BY s.id LIMIT $2 OFFSET $3`,
      [accountId, limit, offset],
    );
  }
}
