import { Controller, Get, Inject, Param, Post, Query } from '@nestjs/common';
import {
  articleEtag,
  ArticleHtmlService,
  ArticlesService,
  isArticleEtag,
  PreconditionFailedError,
  RestoreDropsProtectedLinksError,
  RevisionRestoreService,
} from '../../articles/index.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { assertNotSuspended } from '../account-access.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { ConsoleAction, LearningLogEntry } from '../console-action.decorator.js';
import { CurrentUser } from '../current-user.decorator.js';
import { PageContext } from '../page/page-context.decorator.js';
import { Refused, SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { ArticleReads } from './article.reads.js';
import { bodyFrame } from './body-frame.js';
import { type ComparedBody, ComparePage } from './compare.page.js';
import { bodyDiff, lineDiff, textDiff } from './content-diff.js';
import { imageChanges, readerView } from './reader-text.js';
import { ownOrigins } from './own-origins.js';
import { RestorePage, RestoreRefusedPage } from './restore.page.js';
import { ArticleChangedError, RestoreEtagError } from './restore.errors.js';
import { RevisionPage } from './revision.page.js';

/** An article's revisions: view one, compare it with the current version, restore it. */
@ConsolePages()
@Controller('console/articles/:id/revisions/:number')
export class RevisionsController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly reads: ArticleReads,
    private readonly html: ArticleHtmlService,
    private readonly restorer: RevisionRestoreService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async view(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Param('number', ConsoleIdPipe) number: number,
    @Query('etag') etag: unknown,
  ) {
    const { article, revision, site } = await this.articleAndRevision(page.user, articleId, number);
    return (
      <RevisionPage
        page={page}
        site={site}
        articleId={articleId}
        articleTitle={titleOf(article)}
        revision={revision}
        links={await this.html.links(revision.body)}
        ownOrigins={ownOrigins(this.config)}
        etag={isArticleEtag(etag) ? etag : undefined}
      />
    );
  }

  @Get('body')
  async body(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Param('number', ConsoleIdPipe) number: number,
  ) {
    const revision = await this.reads.revision(user.account.id, articleId, number);
    return bodyFrame(await this.html.preview(revision.body), ownOrigins(this.config));
  }

  /**
   * The current version against revision N: by default the text as a reader
   * sees it, word by word; `?view=source` the HTML source. Images added or
   * removed are listed either way.
   */
  @Get('compare')
  async compare(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Param('number', ConsoleIdPipe) number: number,
    @Query('view') view: unknown,
  ) {
    const { article, revision, site } = await this.articleAndRevision(page.user, articleId, number);
    const sameTitle = article.title === revision.title;
    const sameImage = article.featured_image_url === revision.featured_image_url;
    const source = view === 'source';
    const current = readerView(article.body);
    const restored = readerView(revision.body);
    const sameText = current.text === restored.text;
    let body: ComparedBody;
    if (article.body === revision.body) body = 'same';
    else if (source) body = bodyDiff(article.body, revision.body);
    else if (sameText) body = 'markup-only';
    else body = lineDiff(current.text, restored.text);
    return (
      <ComparePage
        page={page}
        site={site}
        articleId={articleId}
        articleTitle={titleOf(article)}
        number={number}
        view={source ? 'source' : 'text'}
        title={sameTitle ? null : textDiff(article.title ?? '', revision.title ?? '')}
        image={
          sameImage
            ? null
            : { before: article.featured_image_url, after: revision.featured_image_url }
        }
        body={body}
        images={imageChanges(current.images, restored.images)}
        etag={articleEtag(article)}
      />
    );
  }

  /**
   * The confirmation, for the article as the page that led here showed it
   * (its Restore link carries that ETag): changed since, it is the "article
   * changed" page; asked for without that ETag, the person is sent to the
   * article to see it first.
   */
  @Get('restore')
  async confirmRestore(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Param('number', ConsoleIdPipe) number: number,
    @Query('etag') etag: unknown,
  ) {
    const { article, revision, site } = await this.articleAndRevision(page.user, articleId, number);
    assertNotSuspended(page.user);
    if (!isArticleEtag(etag)) {
      return new SeeOther(`/console/articles/${articleId}#revision-${number}`);
    }
    if (etag !== articleEtag(article)) throw new ArticleChangedError(articleId, number);
    return (
      <RestorePage
        page={page}
        site={site}
        articleId={articleId}
        articleTitle={titleOf(article)}
        revision={revision}
        etag={etag}
        dropped={await this.html.missingLinks(article.body, revision.body, article.url)}
      />
    );
  }

  @Post('restore')
  @ConsoleAction('restoreRevision')
  async restore(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Param('number', ConsoleIdPipe) number: number,
    @Form() form: PostedForm,
    @LearningLogEntry() logEntryId: string | undefined,
  ) {
    const { user } = page;
    assertNotSuspended(user);
    const etag = form.field('etag');
    if (!isArticleEtag(etag)) {
      // Another account's article or revision is "not found" first, whatever the form says.
      await this.reads.revision(user.account.id, articleId, number);
      throw new RestoreEtagError(articleId);
    }
    const context = {
      accountId: user.account.id,
      editor: { kind: 'user' as const, userId: user.id },
      ifMatch: etag,
      logEntryId,
    };
    try {
      const { revision } = await this.restorer.restore(context, articleId, number);
      return new SeeOther(
        `/console/articles/${articleId}${revision ? `#revision-${revision.number}` : ''}`,
        {
          notice:
            revision === null
              ? `The article already has the content of revision ${number}; nothing changed.`
              : `Revision ${number} restored: it is now the current content, as revision ${revision.number}.`,
        },
      );
    } catch (error) {
      if (error instanceof PreconditionFailedError)
        throw new ArticleChangedError(articleId, number);
      if (!(error instanceof RestoreDropsProtectedLinksError)) throw error;
      const [article, site] = await Promise.all([
        this.articles.getWithBody(user.account.id, articleId),
        this.reads.site(user.account.id, articleId),
      ]);
      return new Refused(
        422,
        error.code,
        <RestoreRefusedPage
          page={page}
          site={site}
          articleId={articleId}
          articleTitle={titleOf(article)}
          number={number}
          links={error.extras.protected_links ?? []}
        />,
      );
    }
  }

  /**
   * The article (for its current content), one of its revisions and its site
   * (for the breadcrumbs); 404 for either missing.
   */
  private async articleAndRevision(user: SignedInUser, articleId: number, number: number) {
    const article = await this.articles.getWithBody(user.account.id, articleId);
    const [revision, site] = await Promise.all([
      this.reads.revision(user.account.id, articleId, number),
      this.reads.site(user.account.id, articleId),
    ]);
    return { article, revision, site };
  }
}

function titleOf(article: { id: number; title: string | null }): string {
  return article.title ?? `Article ${article.id}`;
}
