import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Page, pageMeta, pageOffset } from '../common/pagination.js';
import { SqlConditions, sqlTimestamp } from '../common/sql-conditions.js';
import { SitesService } from '../sites/sites.service.js';
import type { BacklinkDto } from './dto/backlink.dto.js';

export interface BacklinkFilter {
  from?: string;
  to?: string;
}

/** Reads of backlinks. Every method takes the account id: there is no unscoped read. */
@Injectable()
export class BacklinksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sites: SitesService,
  ) {}

  /** One page of a site's backlinks, newest first, undated last, ties by id descending. */
  async list(
    accountId: number,
    siteId: number,
    filter: BacklinkFilter,
    page: number,
    perPage: number,
  ): Promise<Page<BacklinkDto>> {
    await this.sites.assertOwned(accountId, siteId);
    const where = conditions(siteId, filter);
    const next = where.params.length;
    const [rows, total] = await Promise.all([
      // id is a bigint, which pg hands over as a string; ids stay far below
      // 2^53, so float8 carries them exactly and they reach JSON as numbers.
      this.dataSource.query<BacklinkDto[]>(
        `SELECT b.id::float8 AS id, ${sqlTimestamp('b.acquired_at')} AS acquired_at,
                b.source_domain, b.source_url, b.target_url, b.anchor_text, b.anchor_type,
                b.status, b.category
           FROM backlinks b
          WHERE ${where.sql}
          ORDER BY b.acquired_at DESC NULLS LAST, b.id DESC
          LIMIT $${next + 1} OFFSET $${next + 2}`,
        [...where.params, perPage, pageOffset(page, perPage)],
      ),
      this.countBacklinks(siteId, filter),
    ]);
    return { data: rows, meta: pageMeta(page, perPage, total) };
  }

  /** The number of a site's backlinks matching a filter: the list's `meta.total`. */
  async countBacklinks(siteId: number, filter: BacklinkFilter): Promise<number> {
    const where = conditions(siteId, filter);
    const [row] = await this.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM backlinks b WHERE ${where.sql}`,
      where.params,
    );
    return row?.total ?? 0;
  }
}

function conditions(siteId: number, filter: BacklinkFilter): SqlConditions {
  return new SqlConditions()
    .add((p) => `b.site_id = ${p}`, siteId)
    .dayRange('b.acquired_at', filter.from, filter.to);
}
