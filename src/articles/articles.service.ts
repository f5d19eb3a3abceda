import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Page, pageMeta, pageOffset } from '../common/pagination.js';
import { SqlConditions, sqlTimestamp } from '../common/sql-conditions.js';
import { SitesService } from '../sites/sites.service.js';
import { ArticleNotFoundError } from './articles.errors.js';
import type { ArticleDto } from './dto/article.dto.js';
import type { ArticleWithBodyDto } from './dto/article-with-body.dto.js';
import { ProtectedLinksService } from './protected-links.service.js';

export interface ArticleFilter {
  from?: string;
  to?: string;
  status?: string;
}

/** The Article fields of the API, shaped by the query itself. */
const ARTICLE_COLUMNS = `a.id, a.site_id, a.title, a.url, a.status,
  ${sqlTimestamp('a.published_at')} AS published_at,
  a.target_keyword, a.word_count, a.featured_image_url`;

/** Reads of articles. Every method takes the account id: there is no unscoped read. */
@Injectable()
export class ArticlesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sites: SitesService,
    private readonly protectedLinks: ProtectedLinksService,
  ) {}

  /** One page of a site's articles, newest first, undated last, ties by id descending. */
  async list(
    accountId: number,
    siteId: number,
    filter: ArticleFilter,
    page: number,
    perPage: number,
  ): Promise<Page<ArticleDto>> {
    await this.sites.assertOwned(accountId, siteId);
    const where = conditions(siteId, filter);
    const next = where.params.length;
    const [rows, total] = await Promise.all([
      this.dataSource.query<ArticleDto[]>(
        `SELECT ${ARTICLE_COLUMNS} FROM articles a
          WHERE ${where.sql}
          ORDER BY a.published_at DESC NULLS LAST, a.id DESC
          LIMIT $${next + 1} OFFSET $${next + 2}`,
        [...where.params, perPage, pageOffset(page, perPage)],
      ),
      this.countArticles(siteId, filter),
    ]);
    return { data: rows, meta: pageMeta(page, perPage, total) };
  }

  /** The number of a site's articles matching a filter: the list's `meta.total`. */
  async countArticles(siteId: number, filter: ArticleFilter): Promise<number> {
    const where = conditions(siteId, filter);
    const [row] = await this.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM articles a WHERE ${where.sql}`,
      where.params,
    );
    return row?.total ?? 0;
  }

  /**
   * An article with its body and protected links, when its site is on the
   * account; otherwise ArticleNotFoundError, whether it exists elsewhere or not.
   */
  async getWithBody(accountId: number, articleId: number): Promise<ArticleWithBodyDto> {
    const [row] = await this.dataSource.query<Array<Omit<ArticleWithBodyDto, 'protected_links'>>>(
      `SELECT ${ARTICLE_COLUMNS}, a.body
         FROM articles a JOIN sites s ON s.id = a.site_id
        WHERE a.id = $1 AND s.account_id = $2`,
      [articleId, accountId],
    );
    if (!row) throw new ArticleNotFoundError(articleId);
    return { ...row, protected_links: this.protectedLinks.links(row.body) };
  }
}

function conditions(siteId: number, filter: ArticleFilter): SqlConditions {
  const where = new SqlConditions()
    .add((p) => `a.site_id = ${p}`, siteId)
    .dayRange('a.published_at', filter.from, filter.to);
  if (filter.status !== undefined) where.add((p) => `a.status = ${p}`, filter.status);
  return where;
}
