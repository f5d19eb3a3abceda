import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The article list read from an index alone.
 *
 * `ix_articles_site_listed` has the list's order (that of
 * `ix_articles_site_published`) and carries every column of a list item, so
 * a page is an index-only scan instead of one heap page per row. A B-tree
 * entry holds at most 2,704 bytes, and a title (255 characters), two URLs
 * (2,048 each), a status and a target keyword may together be longer: the
 * index is partial, over the rows whose carried text fits (LISTED, in bytes
 * before compression, with room for the keys and headers), so no valid
 * article is refused for its size. `ix_articles_site_wide`, in the same
 * order, finds a list's rows outside it (almost always none) in one probe,
 * whatever its day range; a list that has one is read through
 * `ix_articles_site_published` as before, which stays for that and for
 * plain SQL.
 *
 * The list's query states the same condition (ARTICLE_LISTING in
 * ArticlesService): PostgreSQL uses a partial index only for a query whose
 * conditions imply its predicate. An edit of a title or a featured image now
 * changes an indexed column, so it writes new index entries for the row
 * instead of a heap-only update: edits are few next to list reads.
 */
export class ArticleListIndex1764700100000 implements MigrationInterface {
  name = 'ArticleListIndex1764700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('SET LOCAL statement_timeout = 0');
    await q.query(`
      CREATE INDEX ix_articles_site_listed ON articles (site_id, published_at DESC NULLS LAST, id DESC)
      INCLUDE (title, url, status, target_keyword, word_count, featured_image_url)
      WHERE ${LISTED}`);
    await q.query(`
      CREATE INDEX ix_articles_site_wide ON articles (site_id, published_at DESC NULLS LAST, id DESC)
      WHERE NOT (${LISTED})`);
    await q.query('ANALYZE articles');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_articles_site_wide');
    await q.query('DROP INDEX ix_articles_site_listed');
  }
}

/** The rows whose carried text fits in an index entry: 2,400 bytes, of 2,704 less keys and headers. */
const LISTED = `octet_length(coalesce(title, '')) + octet_length(coalesce(url, ''))
  + octet_length(coalesce(status, '')) + octet_length(coalesce(target_keyword, ''))
  + octet_length(coalesce(featured_image_url, '')) <= 2400`;
