import { Controller, Get, Param, Query } from '@nestjs/common';
import { csvExport } from '../../common/http/csv-export.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { PageNotFoundError } from '../console.errors.js';
import { PageContext } from '../page/page-context.decorator.js';
import { Download } from '../page/page-result.js';
import { CONSOLE_PAGE_SIZE } from '../page-number.js';
import { EXPORT_HEADER, exportFilename } from './activity-export.js';
import { filterQuery, parseActivityQuery, wholeFilter } from './activity-filter.js';
import { ActivityDetailPage } from './activity-detail.page.js';
import { ActivityPage } from './activity.page.js';
import { ActivityReads } from './activity.reads.js';

const ROW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The activity log: the account's learning log, searched, filtered, paged, exported; one call whole. */
@ConsolePages()
@Controller('console/activity')
export class ActivityController {
  constructor(private readonly reads: ActivityReads) {}

  @Get()
  async page(@PageContext() page: PageContext, @Query() query: Record<string, unknown>) {
    const { filter, problems } = parseActivityQuery(query);
    const accountId = page.user.account.id;
    const [found, total, keys, assistants] = await Promise.all([
      this.reads.page(accountId, filter, CONSOLE_PAGE_SIZE),
      this.reads.total(accountId, filter),
      this.reads.keys(accountId),
      this.reads.assistants(accountId),
    ]);
    const first = found.rows[0];
    const last = found.rows.at(-1);
    // Read newer-first, "more" means older rows exist; read from an "after" position, newer ones do.
    const hasNewer = filter.after ? found.more : filter.before !== undefined;
    const hasOlder = filter.after ? true : found.more;
    const link = (cursor: Parameters<typeof filterQuery>[1]) =>
      `/console/activity${filterQuery(filter, cursor)}`;
    const whole = wholeFilter(filter);
    return (
      <ActivityPage
        page={page}
        filter={filter}
        problems={problems}
        keys={keys}
        assistants={assistants}
        rows={found.rows}
        total={total}
        exportLink={`/console/activity/export${filterQuery(whole)}`}
        newer={hasNewer && first ? link({ after: first.id }) : null}
        older={hasOlder && last ? link({ before: last.id }) : null}
      />
    );
  }

  /** Every row the filter matches (not one page), streamed as CSV, times in UTC. */
  @Get('export')
  async export(@PageContext() page: PageContext, @Query() query: Record<string, unknown>) {
    const { filter } = parseActivityQuery(query);
    const whole = wholeFilter(filter);
    const stream = await this.reads.export(page.user.account.id, whole);
    const today = new Date().toISOString().slice(0, 10);
    return new Download(csvExport(EXPORT_HEADER, stream.rows, exportFilename(whole, today)));
  }

  @Get(':id')
  async detail(@PageContext() page: PageContext, @Param('id') id: string) {
    // Another account's call is not found, exactly like an id that names none.
    const entry = ROW_ID.test(id) ? await this.reads.detail(page.user.account.id, id) : null;
    if (entry === null) throw new PageNotFoundError();
    return <ActivityDetailPage page={page} entry={entry} />;
  }
}
