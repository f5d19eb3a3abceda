import { Controller, Get, Query } from '@nestjs/common';
import { ReportRenderer } from '../../report/index.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { PageContext } from '../page/page-context.decorator.js';
import { CONSOLE_PAGE_SIZE, numberedPager, pageNumber, pageOffset } from '../page-number.js';
import { callsChartSpec, chartStart } from './calls-chart.js';
import { OverviewPage } from './overview.page.js';
import { OverviewReads } from './overview.reads.js';

@ConsolePages()
@Controller('console')
export class OverviewController {
  constructor(
    private readonly reads: OverviewReads,
    private readonly renderer: ReportRenderer,
  ) {}

  @Get()
  async overview(@PageContext() page: PageContext, @Query('page') pageParam: unknown) {
    const pageNo = pageNumber(pageParam);
    const accountId = page.user.account.id;
    const today = new Date().toISOString().slice(0, 10);
    const [figures, sites, callsByDay] = await Promise.all([
      this.reads.figures(accountId),
      this.reads.sites(accountId, CONSOLE_PAGE_SIZE, pageOffset(pageNo)),
      this.reads.callsByDay(accountId, chartStart(today)),
    ]);
    // Drawn on the report's rendering thread: Vega takes tens of milliseconds the event loop keeps.
    const chart = await this.renderer.chart(callsChartSpec(callsByDay, today));
    return (
      <OverviewPage
        page={page}
        figures={figures}
        calls={{ chart, byDay: callsByDay }}
        sites={sites}
        pager={numberedPager('Sites', '/console', pageNo, sites.length, figures.sites)}
      />
    );
  }
}
