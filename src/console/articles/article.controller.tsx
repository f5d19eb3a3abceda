import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ArticleHtmlService, ArticlesService } from '../../articles/index.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { CurrentUser } from '../current-user.decorator.js';
import { PageContext } from '../page/page-context.decorator.js';
import { CONSOLE_PAGE_SIZE, numberedPager, pageNumber, pageOffset } from '../page-number.js';
import { ArticlePage } from './article.page.js';
import { ArticleReads } from './article.reads.js';
import { bodyFrame } from './body-frame.js';
import { ownOrigins } from './own-origins.js';

/** An article of the account: its content, protected links and revisions. */
@ConsolePages()
@Controller('console/articles')
export class ArticleController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly reads: ArticleReads,
    private readonly html: ArticleHtmlService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id')
  async page(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) articleId: number,
    @Query('page') pageParam: unknown,
  ) {
    const accountId = page.user.account.id;
    const pageNo = pageNumber(pageParam);
    const article = await this.articles.getWithBody(accountId, articleId);
    const [site, revisions] = await Promise.all([
      this.reads.site(accountId, articleId),
      this.reads.revisions(accountId, articleId, CONSOLE_PAGE_SIZE, pageOffset(pageNo)),
    ]);
    return (
      <ArticlePage
        page={page}
        article={article}
        site={site}
        revisions={revisions.rows}
        pager={numberedPager(
          'Revisions',
          `/console/articles/${articleId}`,
          pageNo,
          revisions.rows.length,
          revisions.total,
          '#revisions',
        )}
        ownOrigins={ownOrigins(this.config)}
      />
    );
  }

  @Get(':id/body')
  async body(@CurrentUser() user: SignedInUser, @Param('id', ConsoleIdPipe) articleId: number) {
    const article = await this.articles.getWithBody(user.account.id, articleId);
    return bodyFrame(await this.html.preview(article.body), ownOrigins(this.config));
  }
}
