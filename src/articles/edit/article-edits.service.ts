import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { articleEtag } from './article-etag.js';
import {
  BodyNotAllowedError,
  PreconditionFailedError,
  ProtectedLinksModifiedError,
} from './article-edits.errors.js';
import { ArticleNotFoundError } from '../articles.errors.js';
import type { ArticleWithBodyDto } from '../read/dto/article-with-body.dto.js';
import { EditLimitService } from './edit-limit.service.js';
import { ArticleHtmlService } from '../html/article-html.service.js';
import { ifMatchAllows } from '../../common/http/entity-tags.js';
import type { RevisionOrigin } from '../revisions/article-revision.entity.js';
import { ArticleSnapshot, RevisionsService, RevisionView } from '../revisions/revisions.service.js';
import { countWords } from '../html/word-count.js';
import { ArticlesService } from '../read/articles.service.js';
import {
  connectionWriter,
  keyWriter,
  ReadRouter,
  userWriter,
  type Writer,
} from '../../database/index.js';
import { siteOnAccount } from '../../sites/index.js';

/** The channel an API edit arrives through; its revisions carry it as their origin. */
export type EditChannel = 'api' | 'mcp';

/**
 * Who changes an article, which decides the revision's origin and author:
 * a key through the API or the agent server (origin `api`/`mcp`, counted
 * against the key's daily edit limit), an assistant's connection through the
 * agent server (origin `mcp`, counted against the connection's own daily
 * limit), a person in the console, or the operator at the command line (both
 * origin `editor`, counted against no key).
 */
export type Editor =
  | { kind: 'key'; keyId: number; channel: EditChannel }
  | { kind: 'connection'; connectionId: number }
  | { kind: 'user'; userId: number }
  | { kind: 'operator' };

/** Who is editing which account's article, with the If-Match they sent. */
export interface EditContext {
  accountId: number;
  editor: Editor;
  ifMatch?: string;
  /** The learning-log row of the request making the edit; its revision points back at it. */
  logEntryId?: string;
}

function originOf(editor: Editor): RevisionOrigin {
  switch (editor.kind) {
    case 'key':
      return editor.channel;
    case 'connection':
      return 'mcp';
    case 'user':
    case 'operator':
      return 'editor';
  }
}

/** Who reads their own edit from the primary for a while (the operator's CLI always does). */
function writerOf(editor: Editor): Writer | undefined {
  switch (editor.kind) {
    case 'key':
      return keyWriter(editor.keyId);
    case 'connection':
      return connectionWriter(editor.connectionId);
    case 'user':
      return userWriter(editor.userId);
    case 'operator':
      return undefined;
  }
}

/** The operator at the command line, as revisions record them. */
const OPERATOR_ACTOR = 'cli';

export interface ArticleChanges {
  title?: string;
  body: string;
  reason?: string;
}

/** An article's content under its row lock, with its address (the base of its relative links). */
export interface LockedArticle extends ArticleSnapshot {
  url: string | null;
}

/** The new content, and its word count when the caller has it already (else it is counted). */
export interface ArticleChange extends ArticleSnapshot {
  wordCount?: number;
}

/**
 * Article writes. An edit runs in one transaction with the article's row
 * locked: the If-Match check, the rules on the new content, the daily edit
 * count, the update and its revision commit together or not at all, so a
 * refused edit leaves the article, its revisions and the count untouched.
 */
@Injectable()
export class ArticleEditsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly articles: ArticlesService,
    private readonly html: ArticleHtmlService,
    private readonly revisions: RevisionsService,
    private readonly editLimit: EditLimitService,
    private readonly reads: ReadRouter,
  ) {}

  /** `PUT /articles/{id}`: new title and body, sanitised and checked against the protected links. */
  async update(
    context: EditContext,
    articleId: number,
    changes: ArticleChanges,
  ): Promise<ArticleWithBodyDto> {
    // Checked before the row is locked, so that other edits of the article wait no longer than they must.
    await this.assertOwned(context.accountId, articleId);
    const verdict = await this.html.review(changes.body);
    if (!verdict.ok) throw new BodyNotAllowedError(verdict.violations, verdict.limit);
    await this.apply(context, articleId, changes.reason, async (current) => {
      const outcome = await this.html.protect(current.body, verdict.html, current.url);
      if (!outcome.ok) {
        throw 'protectedLinks' in outcome
          ? new ProtectedLinksModifiedError(outcome.protectedLinks)
          : new BodyNotAllowedError(outcome.violations, outcome.limit);
      }
      return {
        title: changes.title ?? current.title,
        body: outcome.body,
        featuredImageUrl: current.featuredImageUrl,
        wordCount: outcome.wordCount,
      };
    });
    return this.articles.getWithBody(context.accountId, articleId);
  }

  /**
   * The one way an article changes. `change` gets the current content under
   * the row lock and returns the new content (or throws to refuse the edit).
   * Identical content is a no-op: no revision, no count, and null returned;
   * otherwise the new revision. The word count is recounted only when the
   * body changes. Once a change has committed, its editor's reads go to the
   * primary until the read replicas have it (read-your-writes).
   */
  async apply(
    context: EditContext,
    articleId: number,
    reason: string | undefined,
    change: (
      current: LockedArticle,
      manager: EntityManager,
    ) => ArticleChange | Promise<ArticleChange>,
  ): Promise<RevisionView | null> {
    const revision = await this.dataSource.transaction(async (manager) => {
      const current = await this.lock(manager, context.accountId, articleId);
      const etag = articleEtag({
        title: current.title,
        body: current.body,
        featured_image_url: current.featuredImageUrl,
      });
      if (!ifMatchAllows(context.ifMatch, etag)) throw new PreconditionFailedError();
      const next = await change(current, manager);
      if (
        next.title === current.title &&
        next.body === current.body &&
        next.featuredImageUrl === current.featuredImageUrl
      ) {
        return null;
      }
      const { editor } = context;
      if (editor.kind === 'key') await this.editLimit.consume(manager, { keyId: editor.keyId });
      if (editor.kind === 'connection') {
        await this.editLimit.consume(manager, { connectionId: editor.connectionId });
      }
      const wordCount =
        next.body === current.body ? null : (next.wordCount ?? countWords(next.body));
      await manager.query(
        `UPDATE articles
            SET title = $2, body = $3, featured_image_url = $4,
                word_count = COALESCE($5, word_count), updated_at = now()
          WHERE id = $1`,
        [articleId, next.title, next.body, next.featuredImageUrl, wordCount],
      );
      const snapshot = {
        title: next.title,
        body: next.body,
        featuredImageUrl: next.featuredImageUrl,
      };
      return this.revisions.append(manager, articleId, snapshot, {
        origin: originOf(editor),
        reason: reason ?? null,
        keyId: editor.kind === 'key' ? editor.keyId : null,
        connectionId: editor.kind === 'connection' ? editor.connectionId : null,
        userId: editor.kind === 'user' ? editor.userId : null,
        actor: editor.kind === 'operator' ? OPERATOR_ACTOR : null,
        logEntryId: context.logEntryId ?? null,
      });
    });
    if (revision) await this.reads.wrote(writerOf(context.editor), { committed: true });
    return revision;
  }

  /** Resolves when the article is on the account; otherwise 404, whether it exists elsewhere or not. */
  async assertOwned(accountId: number, articleId: number): Promise<void> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM articles a WHERE a.id = $1 AND ${siteOnAccount('a.site_id', '$2')}`,
      [articleId, accountId],
    );
    if (rows.length === 0) throw new ArticleNotFoundError(articleId);
  }

  /** The article's content with its row locked until the transaction ends; 404 unless on the account. */
  private async lock(
    manager: EntityManager,
    accountId: number,
    articleId: number,
  ): Promise<LockedArticle> {
    const [row] = await manager.query<
      Array<{
        title: string | null;
        body: string;
        featured_image_url: string | null;
        url: string | null;
      }>
    >(
      `SELECT a.title, a.body, a.featured_image_url, a.url
         FROM articles a
        WHERE a.id = $1 AND ${siteOnAccount('a.site_id', '$2')}
          FOR UPDATE OF a`,
      [articleId, accountId],
    );
    if (!row) throw new ArticleNotFoundError(articleId);
    return {
      title: row.title,
      body: row.body,
      featuredImageUrl: row.featured_image_url,
      url: row.url,
    };
  }
}
