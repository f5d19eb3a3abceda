import { Injectable } from '@nestjs/common';
import type { JsonPage } from '../../common/json-rows.js';
import { pageMeta, pageOffset } from '../../common/pagination.js';
import { sqlTimestamp } from '../../common/sql-conditions.js';
import { PreparedStatements, type RowStream } from '../../database/index.js';
import { type DayOrderedList, ListPager } from '../../list-paging/index.js';
import { SiteNotFoundError, siteOnAccount, SitesRepository } from '../../sites/index.js';
import { ArticleNotFoundError } from '../articles.errors.js';
import type { ArticleWithBodyDto } from './dto/article-with-body.dto.js';
import { ArticleHtmlService } from '../html/article-html.service.js';

export interface ArticleFilter {
  from?: string;
  to?: string;
  status?: string;
}

/** The Article fields of the API (ArticleDto), shaped by the query itself. */
const ARTICLE_COLUMNS = `a.id, a.site_id, a.title, a.url, a.status,
  ${sqlTimestamp('a.published_at')} AS published_at,
  a.target_keyword, a.word_count, a.featured_image_url`;

/**
 * What `ix_articles_site_listed` (migration ArticleListIndex) carries: the
 * plain columns ARTICLE_COLUMNS reads, for the rows whose carried text fits
 * in an index entry (its predicate, as the same expression).
 */
const ARTICLE_LISTING = {
  fields: `a.id, a.site_id, a.title, a.url, a.status, a.published_at,
    a.target_keyword, a.word_count, a.featured_image_url`,
  rows: `octet_length(coalesce(a.title, '')) + octet_length(coalesce(a.url, ''))
    + octet_length(coalesce(a.status, '')) + octet_length(coalesce(a.target_keyword, ''))
    + octet_length(coalesce(a.featured_image_url, '')) <= 2400`,
};

/** Reads of articles. Every method takes the account id: there is no unscoped read. */
@Injectable()
export class ArticlesService {
  constructor(
    private readonly statements: PreparedStatements,
    private readonly pages: ListPager,
    private readonly html: ArticleHtmlService,
    private readonly sites: SitesRepository,
  ) {}

  /** Every article of the site matching the filter, in list order, streamed (the CSV export). */
  async export(accountId: number, siteId: number, filter: ArticleFilter): Promise<RowStream> {
    if ((await this.sites.findOwned(accountId, siteId)) === null)
      throw new SiteNotFoundError(siteId);
    return this.pages.stream(articleList(siteId, filter));
  }

  /**
   * One page of a site's articles, newest first, undated last, ties by id
   * descending. The total and the page's position come from the daily
   * rollup (which also checks the site is on the account); a deep page
   * seeks to its day instead of reading every earlier row.
   */
  async list(
    accountId: number,
    siteId: number,
    filter: ArticleFilter,
    page: number,
    perPage: number,
  ): Promise<JsonPage> {
    const found = await this.pages.read(
      accountId,
      siteId,
      articleList(siteId, filter),
      pageOffset(page, perPage),
      perPage,
    );
    if (found === null) throw new SiteNotFoundError(siteId);
    return { data: found.rows, meta: pageMeta(page, perPage, found.total) };
  }

  /**
   * The ids of the site's articles whose `url` is one of `urls`, by URL (the
   * lowest id where several share one); only on a site of the account.
   * Found through the URL's MD5 (`ix_articles_site_url`).
   */
  async idsByUrl(accountId: number, siteId: number, urls: string[]): Promise<Map<string, number>> {
    if (urls.length === 0) return new Map();
    const rows = await this.statements.query<{ url: string; id: number }>(
      `SELECT a.url, min(a.id) AS id
         FROM articles a
        WHERE a.site_id = $1 AND ${siteOnAccount('$1', '$2')} AND md5(a.url)::uuid = ANY (SELECT md5(u)::uuid FROM unnest($3::text[]) u)
          AND a.url = ANY ($3::text[])
        GROUP BY a.url`,
      [siteId, accountId, urls],
    );
    return new Map(rows.map((row) => [row.url, row.id]));
  }

  /**
   * An article with its body and protected links, when its site is on the
   * account; otherwise ArticleNotFoundError, whether it exists elsewhere or not.
   */
  async getWithBody(accountId: number, articleId: number): Promise<ArticleWithBodyDto> {
    const [row] = await this.statements.query<Omit<ArticleWithBodyDto, 'protected_links'>>(
      `SELECT ${ARTICLE_COLUMNS}, a.body
         FROM articles a
        WHERE a.id = $1 AND ${siteOnAccount('a.site_id', '$2')}`,
      [articleId, accountId],
    );
    if (!row) throw new ArticleNotFoundError(articleId);
    return { ...row, protected_links: await this.html.links(row.body) };
  }

  /** The site of an article on the account; otherwise ArticleNotFoundError. */
  async siteOf(accountId: number, articleId: number): Promise<number> {
    const [row] = await this.statements.query<{ site_id: number }>(
      `SELECT a.site_id FROM articles a WHERE a.id = $1 AND ${siteOnAccount('a.site_id', '$2')}`,
      [articleId, accountId],
    );
    if (!row) throw new ArticleNotFoundError(articleId);
    return row.site_id;
  }
}

function articleList(siteId: number, filter: ArticleFilter): DayOrderedList {
  return {
    rollup: 'articles',
    filter,
    columns: ARTICLE_COLUMNS,
    table: 'articles a',
    date: 'a.published_at',
    id: 'a.id',
    // A status filter is served by the status index, which carries no item columns.
    covering: filter.status === undefined ? ARTICLE_LISTING : undefined,
    where: (conditions) => {
      const where = conditions
        .add((p) => `a.site_id = ${p}`, siteId)
        .dayRange('a.published_at', filter.from, filter.to);
      if (filter.status !== undefined) where.add((p) => `a.status = ${p}`, filter.status);
      return where;
    },
  };
}
