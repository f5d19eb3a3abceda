import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  PreconditionFailedError,
  RestoreDropsProtectedLinksError,
} from '../../articles/article-edits.errors.js';
import { articleEtag } from '../../articles/article-etag.js';
import { ArticlesService } from '../../articles/articles.service.js';
import { ArticleHtml } from '../../articles/html/article-html.service.js';
import { RevisionRestoreService } from '../../articles/revision-restore.service.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { CsrfProtection } from '../../sign-in/csrf-protection.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { assertNotSuspended } from '../account-access.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { ConsoleAction, ConsolePages } from '../console-pages.decorator.js';
import { CurrentUser } from '../current-user.decorator.js';
import { formField, leaveNotice } from '../form-fields.js';
import { sendPage } from '../html-response.js';
import { seeOther } from '../see-other.js';
import { ArticleReads } from './article.reads.js';
import { sendBodyFrame } from './body-frame.js';
import { ComparePage } from './compare.page.js';
import { bodyDiff, textDiff } from './content-diff.js';
import { ownOrigins } from './own-origins.js';
import { ArticleChangedPage, RestorePage, RestoreRefusedPage } from './restore.page.js';
import { RevisionPage } from './revision.page.js';

/** An article's revisions: view one, compare it with the current version, restore it. */
@ConsolePages()
@Controller('console/articles/:id/revisions/:number')
export class RevisionsController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly reads: ArticleReads,
    private readonly html: ArticleHtml,
    private readonly restorer: RevisionRestoreService,
    private readonly csrf: CsrfProtection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async view(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Param('number', ConsoleIdPipe) number: number,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const article = await this.articles.getWithBody(user.account.id, articleId);
    const revision = await this.reads.revision(user.account.id, articleId, number);
    await sendPage(
      res,
      200,
      <RevisionPage
        user={user}
        csrf={this.csrf.token(req)}
        articleId={articleId}
        articleTitle={article.title ?? `Article ${articleId}`}
        revision={revision}
        links={await this.html.links(revision.body)}
        ownOrigins={ownOrigins(this.config)}
      />,
    );
  }

  @Get('body')
  async body(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Param('number', ConsoleIdPipe) number: number,
    @Res() res: Response,
  ): Promise<void> {
    const revision = await this.reads.revision(user.account.id, articleId, number);
    sendBodyFrame(res, await this.html.preview(revision.body), ownOrigins(this.config));
  }

  @Get('compare')
  async compare(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Param('number', ConsoleIdPipe) number: number,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const article = await this.articles.getWithBody(user.account.id, articleId);
    const revision = await this.reads.revision(user.account.id, articleId, number);
    const sameTitle = article.title === revision.title;
    const sameImage = article.featured_image_url === revision.featured_image_url;
    await sendPage(
      res,
      200,
      <ComparePage
        user={user}
        csrf={this.csrf.token(req)}
        articleId={articleId}
        articleTitle={article.title ?? `Article ${articleId}`}
        number={number}
        title={sameTitle ? null : textDiff(article.title ?? '', revision.title ?? '')}
        image={
          sameImage
            ? null
            : { before: article.featured_image_url, after: revision.featured_image_url }
        }
        body={article.body === revision.body ? 'same' : bodyDiff(article.body, revision.body)}
      />,
    );
  }

  @Get('restore')
  async confirmRestore(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Param('number', ConsoleIdPipe) number: number,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const article = await this.articles.getWithBody(user.account.id, articleId);
    const revision = await this.reads.revision(user.account.id, articleId, number);
    assertNotSuspended(user);
    const dropped = await this.html.missingLinks(article.body, revision.body, article.url);
    await sendPage(
      res,
      200,
      <RestorePage
        user={user}
        csrf={this.csrf.token(req)}
        articleId={articleId}
        articleTitle={article.title ?? `Article ${articleId}`}
        revision={revision}
        etag={articleEtag(article)}
        dropped={dropped}
      />,
    );
  }

  @Post('restore')
  @ConsoleAction('restoreRevision')
  async restore(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Param('number', ConsoleIdPipe) number: number,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    assertNotSuspended(user);
    const context = {
      accountId: user.account.id,
      editor: { kind: 'user' as const, userId: user.id },
      // A form without the ETag it was made with is as stale as one with an old ETag.
      ifMatch: formField(req, 'etag') || '""',
      logEntryId: req.learningLogId,
    };
    try {
      const { revision } = await this.restorer.restore(context, articleId, number);
      leaveNotice(
        req,
        revision === null
          ? `The article already has the content of revision ${number}; nothing changed.`
          : `Revision ${number} restored: it is now the current content, as revision ${revision.number}.`,
      );
      await seeOther(
        req,
        res,
        `/console/articles/${articleId}${revision ? `#revision-${revision.number}` : ''}`,
      );
    } catch (error) {
      const csrf = this.csrf.token(req);
      if (error instanceof RestoreDropsProtectedLinksError) {
        res.locals.errorCode = error.code;
        const article = await this.articles.getWithBody(user.account.id, articleId);
        return sendPage(
          res,
          422,
          <RestoreRefusedPage
            user={user}
            csrf={csrf}
            articleId={articleId}
            articleTitle={article.title ?? `Article ${articleId}`}
            number={number}
            links={error.extras.protected_links ?? []}
          />,
        );
      }
      if (error instanceof PreconditionFailedError) {
        res.locals.errorCode = error.code;
        return sendPage(
          res,
          412,
          <ArticleChangedPage user={user} csrf={csrf} articleId={articleId} number={number} />,
        );
      }
      throw error;
    }
  }
}
