import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { JsonPage } from '../common/json-rows.js';
import { pageMeta, pageOffset } from '../common/pagination.js';
import { sqlTimestamp } from '../common/sql-conditions.js';
import { type DayOrderedList, ListPager, type RowStream } from '../list-paging/index.js';
import { SiteNotFoundError, SitesService } from '../sites/index.js';

export interface BacklinkFilter {
  from?: string;
  to?: string;
}

/** Reads of backlinks. Every method takes the account id: there is no unscoped read. */
@Injectable()
export class BacklinksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pages: ListPager,
    private readonly sites: SitesService,
  ) {}

  /** Every backlink of the site in the day range, in list order, streamed (the CSV export). */
  async export(accountId: number, siteId: number, filter: BacklinkFilter): Promise<RowStream> {
    if ((await this.sites.get(accountId, siteId)) === null) throw new SiteNotFoundError(siteId);
    return this.pages.stream(backlinkList(siteId, filter));
  }

  /**
   * One page of a site's backlinks, newest first, undated last, ties by id
   * descending. The total and the page's position come from the daily
   * rollup (which also checks the site is on the account); a deep page
   * seeks to its day instead of reading every earlier row.
   */
  async list(
    accountId: number,
    siteId: number,
    filter: BacklinkFilter,
    page: number,
    perPage: number,
  ): Promise<JsonPage> {
    const found = await this.pages.read(
      accountId,
      siteId,
      backlinkList(siteId, filter),
      pageOffset(page, perPage),
      perPage,
    );
    if (found === null) throw new SiteNotFoundError(siteId);
    return { data: found.rows, meta: pageMeta(page, perPage, found.total) };
  }
}

function backlinkList(siteId: number, filter: BacklinkFilter): DayOrderedList {
  return {
    rollup: 'backlinks',
    filter,
    // The Backlink fields of the API (BacklinkDto). id is a bigint: row_to_json writes it as a JSON number (ids stay far below 2^53).
    columns: `b.id, ${sqlTimestamp('b.acquired_at')} AS acquired_at,
              b.source_domain, b.source_url, b.target_url, b.anchor_text, b.anchor_type,
              b.status, b.category`,
    table: 'backlinks b',
    date: 'b.acquired_at',
    id: 'b.id',
    where: (conditions) =>
      conditions
        .add((p) => `b.site_id = ${p}`, siteId)
        .dayRange('b.acquired_at', filter.from, filter.to),
  };
}
