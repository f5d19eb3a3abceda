import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { sqlTimestamp } from '../../common/sql-conditions.js';
import { SitesRepository, siteOnAccount } from '../../sites/index.js';
import { ArticleNotFoundError } from '../articles.errors.js';
import type { RevisionOrigin } from './article-revision.entity.js';

/** What a revision snapshots: the editable content of an article. */
export interface ArticleSnapshot {
  title: string | null;
  body: string;
  featuredImageUrl: string | null;
}

/** Who made a change, through which channel, and why. */
export interface RevisionAuthor {
  origin: RevisionOrigin;
  reason: string | null;
  keyId: number | null;
  /** The assistant's connection that made it through the agent server. */
  connectionId?: number | null;
  /** The person who made it in the console. */
  userId: number | null;
  /** Who made it when neither a key nor a user did (the operator at the command line, an import). */
  actor: string | null;
  /** The learning-log row of the request that made it. */
  logEntryId: string | null;
}

/** A revision as operations.md prints it (`revisions list`, `revisions restore`). */
export interface RevisionView {
  number: number;
  origin: RevisionOrigin;
  reason: string | null;
  title: string | null;
  featured_image_url: string | null;
  key_id: number | null;
  created_at: string;
}

const REVISION_COLUMNS = `number, origin, reason, title, featured_image_url, key_id,
  ${sqlTimestamp('created_at')} AS created_at`;

/** The revision a request made (its learning-log row), on an article of the account. */
export interface RevisionMade {
  article_id: number;
  number: number;
}

/**
 * Article revisions: every change adds one, none is ever changed or deleted,
 * so every earlier state of an article can be brought back. Adding one is
 * the write path's (ArticleEditsService.apply); reads here serve the
 * operator's CLI and take no account, and name the revisions requests made;
 * an account's pages of revisions are RevisionHistory's.
 */
@Injectable()
export class RevisionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sites: SitesRepository,
  ) {}

  /**
   * Adds the article's next revision. Call inside the transaction that
   * changes the article, with its row locked, so numbers never collide.
   */
  async append(
    manager: EntityManager,
    articleId: number,
    snapshot: ArticleSnapshot,
    author: RevisionAuthor,
  ): Promise<RevisionView> {
    const [row] = await manager.query<RevisionView[]>(
      `INSERT INTO article_revisions
              (article_id, number, title, body, featured_image_url, origin, reason, key_id, user_id, actor, log_entry_id,
               connection_id)
       SELECT $1, COALESCE(max(number), 0) + 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
         FROM article_revisions WHERE article_id = $1
       RETURNING ${REVISION_COLUMNS}`,
      [
        articleId,
        snapshot.title,
        snapshot.body,
        snapshot.featuredImageUrl,
        author.origin,
        author.reason,
        author.keyId,
        author.userId,
        author.actor,
        author.logEntryId,
        author.connectionId ?? null,
      ],
    );
    return row;
  }

  /** Revision `number` of an article, or undefined. */
  async snapshot(
    manager: EntityManager,
    articleId: number,
    number: number,
  ): Promise<ArticleSnapshot | undefined> {
    const [row] = await manager.query<
      Array<{ title: string | null; body: string; featured_image_url: string | null }>
    >(
      `SELECT title, body, featured_image_url FROM article_revisions WHERE article_id = $1 AND number = $2`,
      [articleId, number],
    );
    return row && { title: row.title, body: row.body, featuredImageUrl: row.featured_image_url };
  }

  /** The newest revision of an article. */
  async latest(articleId: number): Promise<RevisionView | undefined> {
    const [row] = await this.dataSource.query<RevisionView[]>(
      `SELECT ${REVISION_COLUMNS} FROM article_revisions WHERE article_id = $1 ORDER BY number DESC LIMIT 1`,
      [articleId],
    );
    return row;
  }

  /** An article's revisions, oldest first. */
  async list(articleId: number): Promise<RevisionView[]> {
    await this.accountOf(articleId);
    return this.dataSource.query<RevisionView[]>(
      `SELECT ${REVISION_COLUMNS} FROM article_revisions WHERE article_id = $1 ORDER BY number`,
      [articleId],
    );
  }

  /** The account an article is on, for the operator who names an article by id alone. */
  async accountOf(articleId: number): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ site_id: number }>>(
      `SELECT site_id FROM articles WHERE id = $1`,
      [articleId],
    );
    const accountId = row === undefined ? null : await this.sites.accountOf(row.site_id);
    if (accountId === null) throw new ArticleNotFoundError(articleId);
    return accountId;
  }

  /**
   * The revision each learning-log row of `logEntryIds` made, when it made
   * one on an article of the account, by log row id.
   */
  async madeBy(
    accountId: number,
    logEntryIds: readonly string[],
  ): Promise<Map<string, RevisionMade>> {
    if (logEntryIds.length === 0) return new Map();
    const rows = await this.dataSource.query<Array<RevisionMade & { log_entry_id: string }>>(
      `SELECT DISTINCT ON (r.log_entry_id) r.log_entry_id, r.article_id, r.number
         FROM article_revisions r JOIN articles a ON a.id = r.article_id
        WHERE r.log_entry_id = ANY($1::uuid[]) AND ${siteOnAccount('a.site_id', '$2')}
        ORDER BY r.log_entry_id, r.id`,
      [logEntryIds, accountId],
    );
    return new Map(
      rows.map((row) => [row.log_entry_id, { article_id: row.article_id, number: row.number }]),
    );
  }

  /**
   * The learning-log rows that made revisions of the article, when it is on
   * the account (the activity log's search by article). At most `limit`,
   * newest first: an article edited more often than that is searched by its
   * path as well.
   */
  async logEntriesOf(accountId: number, articleId: number, limit = 1_000): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ log_entry_id: string }>>(
      `SELECT r.log_entry_id FROM article_revisions r JOIN articles a ON a.id = r.article_id
        WHERE r.article_id = $1 AND r.log_entry_id IS NOT NULL AND ${siteOnAccount('a.site_id', '$2')}
        ORDER BY r.number DESC LIMIT $3`,
      [articleId, accountId, limit],
    );
    return rows.map((row) => row.log_entry_id);
  }
}
