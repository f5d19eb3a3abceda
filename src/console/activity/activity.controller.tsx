import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CsrfProtection } from '../../sign-in/csrf-protection.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { CurrentUser } from '../current-user.decorator.js';
import { sendPage } from '../html-response.js';
import { CONSOLE_PAGE_SIZE } from '../page-number.js';
import { filterQuery, parseActivityQuery } from './activity-filter.js';
import { ActivityPage } from './activity.page.js';
import { ActivityReads } from './activity.reads.js';

/** The activity log: the account's learning log, filtered and paged. */
@ConsolePages()
@Controller('console/activity')
export class ActivityController {
  constructor(
    private readonly reads: ActivityReads,
    private readonly csrf: CsrfProtection,
  ) {}

  @Get()
  async page(
    @CurrentUser() user: SignedInUser,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const { filter, problems } = parseActivityQuery(query);
    const [page, keys, assistants] = await Promise.all([
      this.reads.page(user.account.id, filter, CONSOLE_PAGE_SIZE),
      this.reads.keys(user.account.id),
      this.reads.assistants(user.account.id),
    ]);
    const first = page.rows[0];
    const last = page.rows.at(-1);
    // Read newer-first, "more" means older rows exist; read from an "after" position, newer ones do.
    const hasNewer = filter.after ? page.more : filter.before !== undefined;
    const hasOlder = filter.after ? true : page.more;
    const link = (cursor: Parameters<typeof filterQuery>[1]) =>
      `/console/activity${filterQuery(filter, cursor)}`;
    await sendPage(
      res,
      200,
      <ActivityPage
        user={user}
        csrf={this.csrf.token(req)}
        filter={filter}
        problems={problems}
        keys={keys}
        assistants={assistants}
        rows={page.rows}
        newer={hasNewer && first ? link({ after: first.id }) : null}
        older={hasOlder && last ? link({ before: last.id }) : null}
      />,
    );
  }
}
