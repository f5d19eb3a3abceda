import { Injectable } from '@nestjs/common';
import { SqlConditions } from '../../common/sql-conditions.js';
import { ReadRouter } from '../../database/index.js';
import { siteOnAccount } from '../../sites/index.js';

export const ARTICLE_SORTS = ['published', 'changed', 'words', 'title'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

/** What a person looks for among a site's articles. */
export interface ArticleQuery {
  /** Part of the title or the URL, any case. */
  search?: string;
  status?: string;
  sort: ArticleSort;
  direction: 'asc' | 'desc';
}

/** An article as the site's list in the console shows it. */
export interface FoundArticle {
  id: number;
  title: string | null;
  url: string | null;
  status: string | null;
  published_at: Date | null;
  word_count: number | null;
  /** The time of its newest revision: its last change, whatever changed it. */
  last_change: Date | null;
}

const ORDER: Record<ArticleSort, string> = {
  published: 'a.published_at',
  changed: 'last_change',
  words: 'a.word_count',
  title: 'lower(a.title)',
};

/**
 * A site's articles for the console: searched by title or URL, filtered by
 * status, sorted by publication, last change (the newest revision's time,
 * read through the revisions' (article, number) key), words or title. A
 * site's articles are at most a few thousand: the search reads them by the
 * site's index; an empty value sorts last either way.
 */
@Injectable()
export class ArticleFinder {
  constructor(private readonly reads: ReadRouter) {}

  async find(
    accountId: number,
    siteId: number,
    query: ArticleQuery,
    limit: number,
    offset: number,
  ): Promise<{ rows: FoundArticle[]; total: number }> {
    const where = new SqlConditions()
      .add((p) => `a.site_id = ${p}`, siteId)
      .add((p) => siteOnAccount('a.site_id', p), accountId);
    if (query.search !== undefined) {
      where.add(
        (p) => `(a.title ILIKE ${p} OR a.url ILIKE ${p})`,
        `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`,
      );
    }
    if (query.status !== undefined) where.add((p) => `a.status = ${p}`, query.status);
    const direction = query.direction === 'asc' ? 'ASC' : 'DESC';
    const limitAt = where.bind(limit);
    const offsetAt = where.bind(offset);
    const rows = await this.reads.query<FoundArticle & { total: string }>(
      `SELECT a.id, a.title, a.url, a.status, a.published_at, a.word_count,
              COALESCE(r.created_at, a.updated_at) AS last_change, count(*) OVER () AS total
         FROM articles a
         LEFT JOIN LATERAL (SELECT created_at FROM article_revisions
                             WHERE article_id = a.id ORDER BY number DESC LIMIT 1) r ON TRUE
        WHERE ${where.sql}
        ORDER BY ${ORDER[query.sort]} ${direction} NULLS LAST, a.id ${direction}
        LIMIT ${limitAt} OFFSET ${offsetAt}`,
      where.params,
    );
    const total = rows.length > 0 ? Number(rows[0].total) : await this.count(where);
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  }

  /** The statuses the site's articles have, for the filter's choices. */
  async statuses(accountId: number, siteId: number): Promise<string[]> {
    const rows = await this.reads.query<{ status: string }>(
      `SELECT DISTINCT a.status FROM articles a
        WHERE a.site_id = $1 AND ${siteOnAccount('a.site_id', '$2')} AND a.status IS NOT NULL
        ORDER BY 1`,
      [siteId, accountId],
    );
    return rows.map((row) => row.status);
  }

  /** The total of a page past the end (no row to carry it). */
  private async count(where: SqlConditions): Promise<number> {
    const params = where.params.slice(0, -2);
    const [row] = await this.reads.query<{ total: string }>(
      `SELECT count(*) AS total FROM articles a WHERE ${where.sql}`,
      params,
    );
    return Number(row.total);
  }
}
