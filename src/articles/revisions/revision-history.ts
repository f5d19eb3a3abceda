import { Injectable } from '@nestjs/common';
import { ReadRouter } from '../../database/index.js';
import { siteOnAccount } from '../../sites/index.js';
import type { RevisionOrigin } from './article-revision.entity.js';

/**
 * A revision as an account's pages show it. Who made it is given by id (key,
 * person, assistant's connection) or, for the operator and the import, by
 * `actor`: their names are their owners' to give.
 */
export interface RevisionEntry {
  number: number;
  created_at: Date;
  origin: RevisionOrigin;
  reason: string | null;
  title: string | null;
  featured_image_url: string | null;
  key_id: number | null;
  user_id: number | null;
  connection_id: number | null;
  actor: string | null;
  /** Whether the revision's content is the article's content now (nothing to restore). */
  current: boolean;
}

const ENTRY_COLUMNS = `r.number, r.created_at, r.origin, r.reason, r.title, r.featured_image_url,
  r.key_id, r.user_id, r.connection_id, r.actor,
  (r.title IS NOT DISTINCT FROM a.title AND r.body = a.body
    AND r.featured_image_url IS NOT DISTINCT FROM a.featured_image_url) AS current`;

const ENTRY_FROM = `FROM article_revisions r JOIN articles a ON a.id = r.article_id`;

/**
 * The revisions of an account's articles, for its pages (the console): every
 * read takes the account, and may go to a read replica.
 */
@Injectable()
export class RevisionHistory {
  constructor(private readonly reads: ReadRouter) {}

  /** A page of the article's revisions, newest first, with their total. */
  async page(
    accountId: number,
    articleId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: RevisionEntry[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      this.reads.query<RevisionEntry>(
        `SELECT ${ENTRY_COLUMNS} ${ENTRY_FROM}
          WHERE r.article_id = $1 AND ${siteOnAccount('a.site_id', '$2')}
          ORDER BY r.number DESC LIMIT $3 OFFSET $4`,
        [articleId, accountId, limit, offset],
      ),
      this.reads.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM article_revisions WHERE article_id = $1`,
        [articleId],
      ),
    ]);
    return { rows, total: counted.total };
  }

  /** Revision `number` of the article with its body; null unless the article is on the account. */
  async revision(
    accountId: number,
    articleId: number,
    number: number,
  ): Promise<(RevisionEntry & { body: string }) | null> {
    const [row] = await this.reads.query<RevisionEntry & { body: string }>(
      `SELECT ${ENTRY_COLUMNS}, r.body ${ENTRY_FROM}
        WHERE r.article_id = $1 AND ${siteOnAccount('a.site_id', '$2')} AND r.number = $3`,
      [articleId, accountId, number],
    );
    return row ?? null;
  }
}
