import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RevisionOrigin } from '../revisions/article-revision.entity.js';

/** An article as an import file gives it (operations.md, "Import file"), checked already. */
export interface ImportedArticle {
  ref: string | null;
  title: string | null;
  url: string | null;
  status: string | null;
  published_at: string | null;
  target_keyword: string | null;
  word_count: number;
  featured_image_url: string | null;
  body: string;
}

/** The tables a bulk write of articles fills itself (the rollups are ROLLUP_TABLES.articles). */
export const ARTICLE_TABLES = ['articles', 'article_revisions'] as const;

const ARTICLE_FIELDS =
  'title, url, status, published_at, target_keyword, word_count, featured_image_url, body';

// `previous` and the revision numbers read the snapshot from before this statement.
const UPSERT_ARTICLES = `
  WITH input AS (
    SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[],
                         $7::text[], $8::integer[], $9::text[], $10::text[])
      AS i(ref, ${ARTICLE_FIELDS})
  ),
  previous AS (
    SELECT a.id, a.title, a.body, a.featured_image_url
      FROM articles a JOIN input i ON a.ref = i.ref
     WHERE a.site_id = $1
  ),
  written AS (
    INSERT INTO articles AS a (site_id, ref, ${ARTICLE_FIELDS})
    SELECT $1, ref, ${ARTICLE_FIELDS} FROM input
    ON CONFLICT (site_id, ref) WHERE ref IS NOT NULL DO UPDATE SET
      title = EXCLUDED.title, url = EXCLUDED.url, status = EXCLUDED.status,
      published_at = EXCLUDED.published_at, target_keyword = EXCLUDED.target_keyword,
      word_count = EXCLUDED.word_count, featured_image_url = EXCLUDED.featured_image_url,
      body = EXCLUDED.body, updated_at = now()
    WHERE (a.title, a.url, a.status, a.published_at, a.target_keyword, a.word_count,
           a.featured_image_url, a.body)
      IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.url, EXCLUDED.status, EXCLUDED.published_at,
           EXCLUDED.target_keyword, EXCLUDED.word_count, EXCLUDED.featured_image_url, EXCLUDED.body)
    RETURNING a.id, a.title, a.body, a.featured_image_url
  )
  INSERT INTO article_revisions (article_id, number, title, body, featured_image_url, origin, actor)
  SELECT w.id,
         COALESCE((SELECT max(r.number) FROM article_revisions r WHERE r.article_id = w.id), 0) + 1,
         w.title, w.body, w.featured_image_url, $11, $12
    FROM written w LEFT JOIN previous p ON p.id = w.id
   WHERE p.id IS NULL
      OR (p.title, p.body, p.featured_image_url) IS DISTINCT FROM (w.title, w.body, w.featured_image_url)`;

/**
 * The import's way of writing articles, beside the one write path of edits
 * (ArticleEditsService.apply): many articles of a site in one statement, in
 * the import's transaction, matched by `(site_id, ref)`; an article that
 * would not change is not touched. Each one created, or whose title, body or
 * featured image changed, gets a revision numbered after its last one.
 */
@Injectable()
export class ArticleImports {
  /** Upserts a batch of a site's articles, fed as one array per column; their revisions get `origin` and `actor`. */
  upsert(
    manager: EntityManager,
    siteId: number,
    rows: readonly ImportedArticle[],
    origin: RevisionOrigin,
    actor: string,
  ): Promise<unknown> {
    return manager.query(UPSERT_ARTICLES, [
      siteId,
      rows.map((row) => row.ref),
      rows.map((row) => row.title),
      rows.map((row) => row.url),
      rows.map((row) => row.status),
      rows.map((row) => row.published_at),
      rows.map((row) => row.target_keyword),
      rows.map((row) => row.word_count),
      rows.map((row) => row.featured_image_url),
      rows.map((row) => row.body),
      origin,
      actor,
    ]);
  }
}
