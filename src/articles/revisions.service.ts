import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { sqlTimestamp } from '../common/sql-conditions.js';
import { ArticleNotFoundError } from './articles.errors.js';
import type { RevisionOrigin } from './entities/article-revision.entity.js';
import { RevisionNotFoundError } from './article-edits.errors.js';
import { countWords } from './word-count.js';

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
  /** Who made it when no key did (an operator at the command line). */
  actor: string | null;
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

/** The operator at the command line, as revisions record them. */
const CLI_ACTOR = 'cli';

/**
 * Article revisions: every change adds one, none is ever changed or deleted,
 * so every earlier state of an article can be brought back. Operator-facing
 * (the CLI): these methods are not scoped to an account.
 */
@Injectable()
export class RevisionsService {
  constructor(private readonly dataSource: DataSource) {}

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
      `INSERT INTO article_revisions (article_id, number, title, body, featured_image_url, origin, reason, key_id, actor)
       SELECT $1, COALESCE(max(number), 0) + 1, $2, $3, $4, $5, $6, $7, $8
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
        author.actor,
      ],
    );
    return row;
  }

  /** An article's revisions, oldest first. */
  async list(articleId: number): Promise<RevisionView[]> {
    await this.assertArticle(this.dataSource.manager, articleId);
    return this.dataSource.query<RevisionView[]>(
      `SELECT ${REVISION_COLUMNS} FROM article_revisions WHERE article_id = $1 ORDER BY number`,
      [articleId],
    );
  }

  /**
   * Brings revision `number` back as the article's content, recorded as a new
   * revision (origin `editor`): nothing is overwritten. An operator action, so
   * it counts against no key's edit limit.
   */
  restore(articleId: number, number: number): Promise<RevisionView> {
    return this.dataSource.transaction(async (manager) => {
      await this.assertArticle(manager, articleId, true);
      const [revision] = await manager.query<
        Array<{ title: string | null; body: string; featured_image_url: string | null }>
      >(
        `SELECT title, body, featured_image_url FROM article_revisions WHERE article_id = $1 AND number = $2`,
        [articleId, number],
      );
      if (!revision) throw new RevisionNotFoundError(articleId, number);
      await manager.query(
        `UPDATE articles SET title = $2, body = $3, featured_image_url = $4, word_count = $5, updated_at = now()
          WHERE id = $1`,
        [
          articleId,
          revision.title,
          revision.body,
          revision.featured_image_url,
          countWords(revision.body),
        ],
      );
      return this.append(
        manager,
        articleId,
        {
          title: revision.title,
          body: revision.body,
          featuredImageUrl: revision.featured_image_url,
        },
        { origin: 'editor', reason: `Restored revision ${number}`, keyId: null, actor: CLI_ACTOR },
      );
    });
  }

  private async assertArticle(
    manager: EntityManager,
    articleId: number,
    forUpdate = false,
  ): Promise<void> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM articles WHERE id = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
      [articleId],
    );
    if (rows.length === 0) throw new ArticleNotFoundError(articleId);
  }
}
