import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { articleEtag } from './article-etag.js';
import {
  BodyNotAllowedError,
  PreconditionFailedError,
  ProtectedLinksModifiedError,
} from './article-edits.errors.js';
import { ArticleNotFoundError } from './articles.errors.js';
import type { ArticleWithBodyDto } from './dto/article-with-body.dto.js';
import { EditLimitService } from './edit-limit.service.js';
import { HtmlSanitizer } from './html-sanitizer.js';
import { ifMatchAllows } from './if-match.js';
import { ProtectedLinksService } from './protected-links.service.js';
import { ArticleSnapshot, RevisionsService } from './revisions.service.js';
import { countWords } from './word-count.js';
import { ArticlesService } from './articles.service.js';

/** The channel an edit arrives through; its revisions carry it as their origin. */
export type EditChannel = 'api' | 'mcp';

/** Who is editing: the account and key, the channel, and the If-Match they sent. */
export interface EditContext {
  accountId: number;
  keyId: number;
  channel: EditChannel;
  ifMatch?: string;
}

export interface ArticleChanges {
  title?: string;
  body: string;
  reason?: string;
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
    private readonly sanitizer: HtmlSanitizer,
    private readonly protectedLinks: ProtectedLinksService,
    private readonly revisions: RevisionsService,
    private readonly editLimit: EditLimitService,
  ) {}

  /** `PUT /articles/{id}`: new title and body, sanitised and checked against the protected links. */
  async update(
    context: EditContext,
    articleId: number,
    changes: ArticleChanges,
  ): Promise<ArticleWithBodyDto> {
    // Checked before the row is locked, so that other edits of the article wait no longer than they must.
    await this.assertOwned(context.accountId, articleId);
    const verdict = this.sanitizer.review(changes.body);
    if (!verdict.ok) throw new BodyNotAllowedError(verdict.violations);
    await this.apply(context, articleId, changes.reason, (current) => {
      const diff = this.protectedLinks.diff(current.body, verdict.html);
      if (diff.removed.length > 0 || diff.added.length > 0) {
        throw new ProtectedLinksModifiedError(this.protectedLinks.affected(diff));
      }
      // A body that says what the stored one says is no change, however the stored one is spelt.
      const sameBody = this.sanitizer.sanitize(current.body) === verdict.html;
      return {
        title: changes.title ?? current.title,
        body: sameBody ? current.body : verdict.html,
        featuredImageUrl: current.featuredImageUrl,
      };
    });
    return this.articles.getWithBody(context.accountId, articleId);
  }

  /**
   * The one way an article changes through the API. `change` gets the
   * current content under the row lock and returns the new content (or
   * throws to refuse the edit). Identical content is a no-op: no revision,
   * no count.
   */
  apply(
    context: EditContext,
    articleId: number,
    reason: string | undefined,
    change: (current: ArticleSnapshot) => ArticleSnapshot,
  ): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lock(manager, context.accountId, articleId);
      const etag = articleEtag({
        title: current.title,
        body: current.body,
        featured_image_url: current.featuredImageUrl,
      });
      if (!ifMatchAllows(context.ifMatch, etag)) throw new PreconditionFailedError();
      const next = change(current);
      if (
        next.title === current.title &&
        next.body === current.body &&
        next.featuredImageUrl === current.featuredImageUrl
      ) {
        return;
      }
      await this.editLimit.consume(manager, context.keyId);
      await manager.query(
        `UPDATE articles
            SET title = $2, body = $3, featured_image_url = $4, word_count = $5, updated_at = now()
          WHERE id = $1`,
        [articleId, next.title, next.body, next.featuredImageUrl, countWords(next.body)],
      );
      await this.revisions.append(manager, articleId, next, {
        origin: context.channel,
        reason: reason ?? null,
        keyId: context.keyId,
        actor: null,
      });
    });
  }

  /** Resolves when the article is on the account; otherwise 404, whether it exists elsewhere or not. */
  async assertOwned(accountId: number, articleId: number): Promise<void> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM articles a JOIN sites s ON s.id = a.site_id WHERE a.id = $1 AND s.account_id = $2`,
      [articleId, accountId],
    );
    if (rows.length === 0) throw new ArticleNotFoundError(articleId);
  }

  /** The article's content with its row locked until the transaction ends; 404 unless on the account. */
  private async lock(
    manager: EntityManager,
    accountId: number,
    articleId: number,
  ): Promise<ArticleSnapshot> {
    const [row] = await manager.query<
      Array<{ title: string | null; body: string; featured_image_url: string | null }>
    >(
      `SELECT a.title, a.body, a.featured_image_url
         FROM articles a JOIN sites s ON s.id = a.site_id
        WHERE a.id = $1 AND s.account_id = $2
          FOR UPDATE OF a`,
      [articleId, accountId],
    );
    if (!row) throw new ArticleNotFoundError(articleId);
    return { title: row.title, body: row.body, featuredImageUrl: row.featured_image_url };
  }
}
