import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ArticlesService } from '../../articles/articles.service.js';
import type { ArticleDto } from '../../articles/dto/article.dto.js';
import { CsrfProtection } from '../../sign-in/csrf-protection.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { CurrentUser } from '../current-user.decorator.js';
import { sendPage } from '../html-response.js';
import { CONSOLE_PAGE_SIZE, pageNumber, rangeSummary } from '../page-number.js';
import { SitePage } from './site.page.js';
import { SiteReads } from './site.reads.js';

/** A site of the account: its details and its articles, newest first. */
@ConsolePages()
@Controller('console/sites')
export class SiteController {
  constructor(
    private readonly reads: SiteReads,
    private readonly articles: ArticlesService,
    private readonly csrf: CsrfProtection,
  ) {}

  @Get(':id')
  async page(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) siteId: number,
    @Query('page') pageParam: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const page = pageNumber(pageParam);
    const site = await this.reads.site(user.account.id, siteId);
    const list = await this.articles.list(user.account.id, siteId, {}, page, CONSOLE_PAGE_SIZE);
    const articles = list.data.items<ArticleDto>();
    const lastChanges = await this.reads.lastChanges(articles.map((article) => article.id));
    const base = `/console/sites/${siteId}`;
    await sendPage(
      res,
      200,
      <SitePage
        user={user}
        csrf={this.csrf.token(req)}
        site={site}
        articles={articles}
        lastChanges={lastChanges}
        pager={{
          summary: rangeSummary('Articles', page, articles.length, list.meta.total),
          previous: page > 1 ? `${base}?page=${page - 1}` : null,
          next: page < list.meta.last_page ? `${base}?page=${page + 1}` : null,
        }}
      />,
    );
  }
}
