import { Injectable } from '@nestjs/common';
import {
  ArticlesService,
  RevisionHistory,
  RevisionNotFoundError,
  type RevisionEntry,
  type RevisionOrigin,
} from '../../articles/index.js';
import { SitesRepository } from '../../sites/index.js';
import { ActorNames } from '../actor-names.reads.js';
import type { ActorColumns } from '../views/who.js';

export interface RevisionRow extends ActorColumns {
  number: number;
  created_at: Date;
  origin: RevisionOrigin;
  reason: string | null;
  title: string | null;
  featured_image_url: string | null;
  /** Whether the revision's content is the article's content now (nothing to restore). */
  current: boolean;
}

export interface RevisionContent extends RevisionRow {
  body: string;
}

export interface ArticleSite {
  id: number;
  name: string | null;
}

/**
 * An article's revisions and site, for its console pages; every read takes
 * the account. Revisions come from the articles module, the names of who
 * made them from their owners (ActorNames).
 */
@Injectable()
export class ArticleReads {
  constructor(
    private readonly articles: ArticlesService,
    private readonly sites: SitesRepository,
    private readonly history: RevisionHistory,
    private readonly actors: ActorNames,
  ) {}

  async site(accountId: number, articleId: number): Promise<ArticleSite> {
    const siteId = await this.articles.siteOf(accountId, articleId);
    const site = await this.sites.findOwned(accountId, siteId);
    return { id: siteId, name: site?.name ?? null };
  }

  /** A page of the article's revisions, newest first, with their total. */
  async revisions(
    accountId: number,
    articleId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: RevisionRow[]; total: number }> {
    const { rows, total } = await this.history.page(accountId, articleId, limit, offset);
    return { rows: await this.named(accountId, rows), total };
  }

  async revision(accountId: number, articleId: number, number: number): Promise<RevisionContent> {
    const row = await this.history.revision(accountId, articleId, number);
    if (!row) throw new RevisionNotFoundError(articleId, number);
    const [named] = await this.named(accountId, [row]);
    return { ...named, body: row.body };
  }

  private async named(accountId: number, entries: RevisionEntry[]): Promise<RevisionRow[]> {
    const actors = await this.actors.of(accountId, entries);
    return entries.map(
      ({ key_id: _key, user_id: _user, connection_id: _connection, ...entry }, index) => ({
        ...entry,
        ...actors[index],
      }),
    );
  }
}
