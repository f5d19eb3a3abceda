import { Controller, Get, Param, Query } from '@nestjs/common';
import { ArticleFinder } from '../../articles/index.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { PageContext } from '../page/page-context.decorator.js';
import { CONSOLE_PAGE_SIZE, numberedPager, pageNumber, pageOffset } from '../page-number.js';
import { articleQueryString, parseArticleQuery } from './article-list-query.js';
import { SitePage } from './site.page.js';
import { SiteReads } from './site.reads.js';

/** A site of the account: its details and its articles, searched, filtered and sorted. */
@ConsolePages()
@Controller('console/sites')
export class SiteController {
  constructor(
    private readonly reads: SiteReads,
    private readonly articles: ArticleFinder,
  ) {}

  @Get(':id')
  async page(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) siteId: number,
    @Query() params: Record<string, unknown>,
  ) {
    const pageNo = pageNumber(params.page);
    const accountId = page.user.account.id;
    const site = await this.reads.site(accountId, siteId);
    const { query, problems } = parseArticleQuery(params);
    const [found, statuses] = await Promise.all([
      this.articles.find(accountId, siteId, query, CONSOLE_PAGE_SIZE, pageOffset(pageNo)),
      this.articles.statuses(accountId, siteId),
    ]);
    const base = `/console/sites/${siteId}`;
    return (
      <SitePage
        page={page}
        site={site}
        query={query}
        problems={problems}
        statuses={statuses}
        articles={found.rows}
        total={found.total}
        pager={numberedPager(
          'Articles',
          `${base}${articleQueryString(query)}`,
          pageNo,
          found.rows.length,
          found.total,
          '#articles',
        )}
      />
    );
  }
}
