import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JsonRows } from '../common/json-rows.js';
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
  /**
   * The select list, qualified with the alias of `table`: the item's fields,
   * named and formatted as in the response (each row reaches it as JSON).
   */
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

export interface ListPage {
  rows: JsonRows;
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
  async read(
    accountId: number,
    siteId: number,
    list: DayOrderedList,
    offset: number,
    limit: number,
  ): Promise<ListPage | null> {
    if (offset < SHALLOW_OFFSET) {
      const [total, rows] = await Promise.all([
        this.dailyCounts.total(list.rollup, accountId, siteId, list.filter),
        this.rows(list, list.where(), offset, limit),
      ]);
      return total === null ? null : { rows: new JsonRows(rows), total };
    }
    const position = await this.dailyCounts.position(
      list.rollup,
      accountId,
      siteId,
      list.filter,
      offset,
    );
    if (position === null) return null;
    const rows = await this.deepRows(list, position, offset, limit);
    return { rows: new JsonRows(rows), total: position.total };
  }

  /**
   * The rollup says which day holds the page's first row and how many rows
   * come before that day, so the index scan starts at that day (a seek) and
   * skips only that day's earlier rows. A page that runs past the last dated
   * row continues in the undated bucket, which is last in every list.
   */
  private async deepRows(
    list: DayOrderedList,
    position: PagePosition,
    offset: number,
    limit: number,
  ): Promise<string[]> {
    const { bucket } = position;
    if (bucket === null) return [];
    const skip = offset - bucket.before;
    if (bucket.day === null) return this.rows(list, list.where(), skip, limit, 'undated');
    const startingDay = list.where().dayRange(list.date, undefined, bucket.day);
    const dated = await this.rows(list, startingDay, skip, limit);
    if (dated.length === limit || position.undated === 0) return dated;
    const undated = await this.rows(list, list.where(), 0, limit - dated.length, 'undated');
    return [...dated, ...undated];
  }

  /**
   * The rows at `offset`, each as its JSON text. Rows skipped are read from
   * the list's index alone (a deferred join): only the page's own rows are
   * fetched from the table. The select list is a lateral subquery of the
   * row, which the planner folds into the scan, so that `row_to_json` names
   * the fields and the rows keep the ORDER BY of this very statement.
   */
  private async rows(
    list: DayOrderedList,
    where: SqlConditions,
    offset: number,
    limit: number,
    only?: 'undated',
  ): Promise<string[]> {
    const next = where.params.length;
    const order = `ORDER BY ${list.date} DESC NULLS LAST, ${list.id} DESC`;
    const matching = `WHERE ${where.sql}${only === 'undated' ? ` AND ${list.date} IS NULL` : ''}
      ${order} LIMIT $${next + 1} OFFSET $${next + 2}`;
    const item = `row_to_json(item)::text AS json FROM ${list.table}`;
    const fields = `CROSS JOIN LATERAL (SELECT ${list.columns}) item`;
    const sql =
      offset === 0
        ? `SELECT ${item} ${fields} ${matching}`
        : `SELECT ${item}
             JOIN (SELECT ${list.id} AS page_id FROM ${list.table} ${matching}) page
               ON page.page_id = ${list.id}
             ${fields}
           ${order}`;
    const rows = await this.dataSource.query<Array<{ json: string }>>(sql, [
      ...where.params,
      limit,
      offset,
    ]);
    return rows.map((row) => row.json);
  }
}
