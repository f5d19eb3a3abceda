import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ArticlesService } from '../../articles/articles.service.js';
import { ArticleHtml } from '../../articles/html/article-html.service.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { CsrfProtection } from '../../sign-in/csrf-protection.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { CurrentUser } from '../current-user.decorator.js';
import { takeNotice } from '../form-fields.js';
import { sendPage } from '../html-response.js';
import { CONSOLE_PAGE_SIZE, pageNumber, rangeSummary } from '../page-number.js';
import { ArticlePage } from './article.page.js';
import { ArticleReads } from './article.reads.js';
import { sendBodyFrame } from './body-frame.js';
import { ownOrigins } from './own-origins.js';

/** An article of the account: its content, protected links and revisions. */
@ConsolePages()
@Controller('console/articles')
export class ArticleController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly reads: ArticleReads,
    private readonly html: ArticleHtml,
    private readonly csrf: CsrfProtection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id')
  async page(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Query('page') pageParam: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const accountId = user.account.id;
    const page = pageNumber(pageParam);
    const article = await this.articles.getWithBody(accountId, articleId);
    const [site, revisions] = await Promise.all([
      this.reads.site(accountId, articleId),
      this.reads.revisions(accountId, articleId, CONSOLE_PAGE_SIZE, (page - 1) * CONSOLE_PAGE_SIZE),
    ]);
    const last = Math.max(1, Math.ceil(revisions.total / CONSOLE_PAGE_SIZE));
    const base = `/console/articles/${articleId}`;
    await sendPage(
      res,
      200,
      <ArticlePage
        user={user}
        csrf={this.csrf.token(req)}
        article={article}
        site={site}
        revisions={revisions.rows}
        pager={{
          summary: rangeSummary('Revisions', page, revisions.rows.length, revisions.total),
          previous: page > 1 ? `${base}?page=${page - 1}#revisions` : null,
          next: page < last ? `${base}?page=${page + 1}#revisions` : null,
        }}
        ownOrigins={ownOrigins(this.config)}
        notice={takeNotice(req)}
      />,
    );
  }

  @Get(':id/body')
  async body(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Res() res: Response,
  ): Promise<void> {
    const article = await this.articles.getWithBody(user.account.id, articleId);
    sendBodyFrame(res, await this.html.preview(article.body), ownOrigins(this.config));
  }
}
