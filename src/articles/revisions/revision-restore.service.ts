import { Injectable } from '@nestjs/common';
import {
  RevisionNotFoundError,
  RestoreDropsProtectedLinksError,
} from '../edit/article-edits.errors.js';
import { ArticleEditsService, EditContext } from '../edit/article-edits.service.js';
import { ArticleHtmlService } from '../html/article-html.service.js';
import { RevisionsService, RevisionView } from './revisions.service.js';

export interface RestoreOptions {
  /** The operator's override of the protected-link rule (`revisions restore --force`). */
  force?: boolean;
}

/** What a restore did: the new revision, or null when the article already had that content. */
export interface RestoreOutcome {
  revision: RevisionView | null;
}

/**
 * Bringing an earlier revision back. A restore is an edit like any other
 * (ArticleEditsService.apply: row lock, If-Match, a new revision), recorded
 * with origin `editor` and the reason "Restored revision N"; nothing is
 * overwritten. The protected-link rule applies: a revision that lacks or
 * alters a protected link the current body carries is refused, unless the
 * operator forces it.
 */
@Injectable()
export class RevisionRestoreService {
  constructor(
    private readonly edits: ArticleEditsService,
    private readonly revisions: RevisionsService,
    private readonly html: ArticleHtmlService,
  ) {}

  async restore(
    context: EditContext,
    articleId: number,
    number: number,
    options: RestoreOptions = {},
  ): Promise<RestoreOutcome> {
    const revision = await this.edits.apply(
      context,
      articleId,
      `Restored revision ${number}`,
      async (current, manager) => {
        const wanted = await this.revisions.snapshot(manager, articleId, number);
        if (!wanted) throw new RevisionNotFoundError(articleId, number);
        if (!options.force) {
          const dropped = await this.html.missingLinks(current.body, wanted.body, current.url);
          if (dropped.length > 0) throw new RestoreDropsProtectedLinksError(number, dropped);
        }
        return wanted;
      },
    );
    return { revision };
  }
}
