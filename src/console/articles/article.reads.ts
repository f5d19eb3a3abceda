import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RevisionNotFoundError } from '../../articles/article-edits.errors.js';
import { ArticleNotFoundError } from '../../articles/articles.errors.js';
import type { RevisionOrigin } from '../../articles/entities/article-revision.entity.js';
import type { ActorColumns } from '../views/who.js';

export interface RevisionRow extends ActorColumns {
  number: number;
  created_at: Date;
  origin: RevisionOrigin;
  reason: string | null;
  title: string | null;
  featured_image_url: string | null;
  /** Whether the revision's content is the article's content now (nothing to restore). */
  current: boolean;
}

export interface RevisionContent extends RevisionRow {
  body: string;
}

export interface ArticleSite {
  id: number;
  name: string | null;
}

const REVISION_COLUMNS = `r.number, r.created_at, r.origin, r.reason, r.title, r.featured_image_url, r.actor,
  k.name AS key_name, k.prefix AS key_prefix, u.name AS user_name, u.email AS user_email,
  oc.assistant_name,
  (r.title IS NOT DISTINCT FROM a.title AND r.body = a.body
    AND r.featured_image_url IS NOT DISTINCT FROM a.featured_image_url) AS current`;

const REVISION_JOINS = `FROM article_revisions r
  JOIN articles a ON a.id = r.article_id
  JOIN sites s ON s.id = a.site_id
  LEFT JOIN api_keys k ON k.id = r.key_id
  LEFT JOIN users u ON u.id = r.user_id
  LEFT JOIN oauth_connections oc ON oc.id = r.connection_id`;

/** An article's revisions and site, for its console pages; every read takes the account. */
@Injectable()
export class ArticleReads {
  constructor(private readonly dataSource: DataSource) {}

  async site(accountId: number, articleId: number): Promise<ArticleSite> {
    const [site] = await this.dataSource.query<ArticleSite[]>(
      `SELECT s.id, s.name FROM articles a JOIN sites s ON s.id = a.site_id
        WHERE a.id = $1 AND s.account_id = $2`,
      [articleId, accountId],
    );
    if (!site) throw new ArticleNotFoundError(articleId);
    return site;
  }

  /** A page of the article's revisions, newest first, with their total. */
  async revisions(
    accountId: number,
    articleId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: RevisionRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      this.dataSource.query<RevisionRow[]>(
        `SELECT ${REVISION_COLUMNS} ${REVISION_JOINS}
          WHERE r.article_id = $1 AND s.account_id = $2
          ORDER BY r.number DESC LIMIT $3 OFFSET $4`,
        [articleId, accountId, limit, offset],
      ),
      this.dataSource.query<Array<{ total: number }>>(
        `SELECT count(*)::int AS total FROM article_revisions WHERE article_id = $1`,
        [articleId],
      ),
    ]);
    return { rows, total: counted.total };
  }

  async revision(accountId: number, articleId: number, number: number): Promise<RevisionContent> {
    const [row] = await this.dataSource.query<RevisionContent[]>(
      `SELECT ${REVISION_COLUMNS}, r.body ${REVISION_JOINS}
        WHERE r.article_id = $1 AND s.account_id = $2 AND r.number = $3`,
      [articleId, accountId, number],
    );
    if (!row) throw new RevisionNotFoundError(articleId, number);
    return row;
  }
}
