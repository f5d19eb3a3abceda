import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SqlConditions } from '../common/sql-conditions.js';
import { DailyCountsReader, DayFilter, PagePosition, RollupName } from './daily-counts.reader.js';

/**
 * Up to this offset a page is read with a plain OFFSET, in parallel with the
 * total: skipping a few hundred index entries costs less than a second
 * round trip.
 */
export const SHALLOW_OFFSET = 1_000;

/**
 * A site's list ordered by `date DESC NULLS LAST, id DESC`, which an index
 * serves in exactly that order (after the site and filter columns), and
 * whose filter is the rollup's: whole UTC days and, for articles, status.
 */
export interface DayOrderedList {
  rollup: RollupName;
  filter: DayFilter;
  /** The select list, qualified with the alias of `table`. */
  columns: string;
  /** `<table> <alias>` */
  table: string;
  /** The qualified timestamptz column the list is ordered and bucketed by. */
  date: string;
  /** The qualified id column: the tie-breaker, and the key the page's rows are fetched by. */
  id: string;
  /** A fresh WHERE builder with the site and the filter. */
  where: () => SqlConditions;
}

export interface ListPage<T> {
  rows: T[];
  total: number;
}

/**
 * Pages of day-ordered lists whose cost does not grow with the site: the
 * exact total is a sum over the daily rollup, and a deep page starts at the
 * day that holds its first row instead of reading every earlier row.
 */
@Injectable()
export class DayOrderedPages {
  constructor(
    private readonly dataSource: DataSource,
    private readonly dailyCounts: DailyCountsReader,
  ) {}

  /** One page and the list's total; null when the site is not on the account. */
  async read<T>(
    accountId: number,
    siteId: number,
    list: DayOrderedList,
    offset: number,
    limit: number,
  ): Promise<ListPage<T> | null> {
    if (offset < SHALLOW_OFFSET) {
      const [total, rows] = await Promise.all([
        this.dailyCounts.total(list.rollup, accountId, siteId, list.filter),
        this.rows<T>(list, list.where(), offset, limit),
      ]);
      return total === null ? null : { rows, total };
    }
    const position = await this.dailyCounts.position(
      list.rollup,
      accountId,
      siteId,
      list.filter,
      offset,
    );
    if (position === null) return null;
    return { rows: await this.deepRows<T>(list, position, offset, limit), total: position.total };
  }

  /**
   * The rollup says which day holds the page's first row and how many rows
   * come before that day, so the index scan starts at that day (a seek) and
   * skips only that day's earlier rows. A page that runs past the last dated
   * row continues in the undated bucket, which is last in every list.
   */
  private async deepRows<T>(
    list: DayOrderedList,
    position: PagePosition,
    offset: number,
    limit: number,
  ): Promise<T[]> {
    const { bucket } = position;
    if (bucket === null) return [];
    const skip = offset - bucket.before;
    if (bucket.day === null) return this.rows<T>(list, list.where(), skip, limit, 'undated');
    const startingDay = list.where().dayRange(list.date, undefined, bucket.day);
    const dated = await this.rows<T>(list, startingDay, skip, limit);
    if (dated.length === limit || position.undated === 0) return dated;
    const undated = await this.rows<T>(list, list.where(), 0, limit - dated.length, 'undated');
    return [...dated, ...undated];
  }

  /**
   * The rows at `offset`. Rows skipped are read from the list's index alone
   * (a deferred join): only the page's own rows are fetched from the table.
   */
  private rows<T>(
    list: DayOrderedList,
    where: SqlConditions,
    offset: number,
    limit: number,
    only?: 'undated',
  ): Promise<T[]> {
    const next = where.params.length;
    const order = `ORDER BY ${list.date} DESC NULLS LAST, ${list.id} DESC`;
    const matching = `FROM ${list.table}
      WHERE ${where.sql}${only === 'undated' ? ` AND ${list.date} IS NULL` : ''}
      ${order} LIMIT $${next + 1} OFFSET $${next + 2}`;
    const sql =
      offset === 0
        ? `SELECT ${list.columns} ${matching}`
        : `SELECT ${list.columns} FROM ${list.table}
             JOIN (SELECT ${list.id} AS page_id ${matching}) page ON page.page_id = ${list.id}
           ${order}`;
    return this.dataSource.query<T[]>(sql, [...where.params, limit, offset]);
  }
}
