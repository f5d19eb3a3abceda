import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { CsrfProtection } from '../../sign-in/csrf-protection.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { CurrentUser } from '../current-user.decorator.js';
import { sendPage } from '../html-response.js';
import { CONSOLE_PAGE_SIZE, pageNumber, rangeSummary } from '../page-number.js';
import { OverviewPage } from './overview.page.js';
import { OverviewReads } from './overview.reads.js';

@ConsolePages()
@Controller('console')
export class OverviewController {
  constructor(
    private readonly reads: OverviewReads,
    private readonly csrf: CsrfProtection,
  ) {}

  @Get()
  async overview(
    @CurrentUser() user: SignedInUser,
    @Query('page') pageParam: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const page = pageNumber(pageParam);
    const accountId = user.account.id;
    const [figures, sites] = await Promise.all([
      this.reads.figures(accountId),
      this.reads.sites(accountId, CONSOLE_PAGE_SIZE, (page - 1) * CONSOLE_PAGE_SIZE),
    ]);
    const last = Math.max(1, Math.ceil(figures.sites / CONSOLE_PAGE_SIZE));
    await sendPage(
      res,
      200,
      <OverviewPage
        user={user}
        csrf={this.csrf.token(req)}
        figures={figures}
        sites={sites}
        pager={{
          summary: rangeSummary('Sites', page, sites.length, figures.sites),
          previous: page > 1 ? `/console?page=${page - 1}` : null,
          next: page < last ? `/console?page=${page + 1}` : null,
        }}
      />,
    );
  }
}
