import { Injectable } from '@nestjs/common';
import { JsonRows } from '../common/json-rows.js';
import { SqlConditions } from '../common/sql-conditions.js';
import { PreparedStatements, type RowStream, RowStreams } from '../database/index.js';
import {
  DailyCountsReader,
  type DayFilter,
  type PagePosition,
  type ListRollup,
} from '../rollups/index.js';

/**
 * Up to this offset a page is read with a plain OFFSET, in the statement
 * that sums the total: skipping a few hundred index entries costs less than
 * a second round trip.
 */
export const SHALLOW_OFFSET = 1_000;

/**
 * A site's list ordered by `date DESC NULLS LAST, id DESC`, which an index
 * serves in exactly that order (after the site and filter columns), and
 * whose filter is the rollup's: whole UTC days and, for articles, status.
 */
export interface DayOrderedList {
  rollup: ListRollup;
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
  /** Adds the site and the filter to a fresh WHERE builder. */
  where: (conditions: SqlConditions) => SqlConditions;
  /**
   * A partial index in the list's order that carries every column `columns`
   * reads (`fields`, qualified like them) for the rows matching `rows` (its
   * predicate): a page near the start of a list with no row outside it is
   * read from that index alone.
   */
  covering?: { fields: string; rows: string };
}

export interface ListPage {
  rows: JsonRows;
  total: number;
}

/**
 * Pages of day-ordered lists whose cost does not grow with the site: the
 * exact total is a sum over the daily rollup, and a deep page starts at the
 * day that holds its first row instead of reading every earlier row. Rows
 * reach the response as PostgreSQL's JSON (JsonRows).
 */
@Injectable()
export class ListPager {
  constructor(
    private readonly statements: PreparedStatements,
    private readonly dailyCounts: DailyCountsReader,
    private readonly streams: RowStreams,
  ) {}

  /**
   * Every row of a list, in list order, streamed (a CSV export): its index
   * serves the order, so rows flow from the first one on, however many
   * there are. The caller has checked the site is on the account.
   */
  stream(list: DayOrderedList): Promise<RowStream> {
    const where = list.where(new SqlConditions());
    return this.streams.open(
      `SELECT ${list.columns} FROM ${list.table} WHERE ${where.sql}
        ORDER BY ${list.date} DESC NULLS LAST, ${list.id} DESC`,
      where.params,
    );
  }

  /** One page and the list's total; null when the site is not on the account. */
  async read(
    accountId: number,
    siteId: number,
    list: DayOrderedList,
    offset: number,
    limit: number,
  ): Promise<ListPage | null> {
    if (offset < SHALLOW_OFFSET) return this.shallow(accountId, siteId, list, offset, limit);
    const position = await this.dailyCounts.position(
      list.rollup,
      accountId,
      siteId,
      list.filter,
      offset,
    );
    if (position === null) return null;
    const rows = await this.deepRows(list, position, offset, limit);
    return { rows: new JsonRows(rows.join(',')), total: position.total };
  }

  /**
   * A page near the start: the total, the ownership check and the rows in one
   * statement, so one round trip. The page is an ordinary ORDER BY … LIMIT
   * subquery (the index serves it); `string_agg` joins its rows in that same
   * order, stated again, since an aggregate need not keep its input's order.
   * With a covering index, a probe for the list's rows outside it picks the
   * page's subquery: both are in the (prepared) plan, only the one picked
   * runs.
   */
  private async shallow(
    accountId: number,
    siteId: number,
    list: DayOrderedList,
    offset: number,
    limit: number,
  ): Promise<ListPage | null> {
    const totals = this.dailyCounts.totalColumns(list.rollup, accountId, siteId, list.filter);
    const where = list.where(new SqlConditions(totals.params.length));
    const joined = (page: string) =>
      `(SELECT string_agg(page.json, ',' ORDER BY page.sort_date DESC NULLS LAST, page.sort_id DESC)
          FROM (${page}) page)`;
    const anyRows = joined(pageQuery(list, where, offset, limit).sql);
    const pageRows =
      list.covering === undefined
        ? anyRows
        : `CASE WHEN EXISTS (SELECT 1 FROM ${list.table} WHERE ${where.sql} AND NOT (${list.covering.rows}))
                THEN ${anyRows}
                ELSE ${joined(coveredPageQuery(list, list.covering, where, offset, limit))} END`;
    const [row] = await this.statements.query<{
      owned: boolean;
      total: number;
      page_rows: string | null;
    }>(`SELECT ${totals.sql}, ${pageRows} AS page_rows`, [...totals.params, ...where.params]);
    if (!row?.owned) return null;
    return { rows: new JsonRows(row.page_rows ?? ''), total: row.total };
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
    const where = () => list.where(new SqlConditions());
    if (bucket.day === null) return this.rows(pageQuery(list, where(), skip, limit, 'undated'));
    const startingDay = where().dayRange(list.date, undefined, bucket.day);
    const dated = await this.rows(pageQuery(list, startingDay, skip, limit));
    if (dated.length === limit || position.undated === 0) return dated;
    const undated = await this.rows(pageQuery(list, where(), 0, limit - dated.length, 'undated'));
    return [...dated, ...undated];
  }

  private async rows(page: { sql: string; params: unknown[] }): Promise<string[]> {
    const rows = await this.statements.query<{ json: string }>(
      `SELECT json FROM (${page.sql}) page ORDER BY sort_date DESC NULLS LAST, sort_id DESC`,
      page.params,
    );
    return rows.map((row) => row.json);
  }
}

/**
 * The rows at `offset` of a list with a covering index, read from that index
 * alone, as pageQuery's are. The subquery takes the table's alias, so
 * `columns` reads its plain columns as it would the table's, and builds the
 * JSON of the page's rows only, not of the rows skipped.
 */
function coveredPageQuery(
  list: DayOrderedList,
  covering: NonNullable<DayOrderedList['covering']>,
  where: SqlConditions,
  offset: number,
  limit: number,
): string {
  const alias = list.table.split(' ')[1];
  return `SELECT row_to_json(item)::text AS json, ${list.date} AS sort_date, ${list.id} AS sort_id
            FROM (SELECT ${covering.fields} FROM ${list.table}
                   WHERE ${where.sql} AND ${covering.rows}
                   ORDER BY ${list.date} DESC NULLS LAST, ${list.id} DESC
                   LIMIT ${where.bind(limit)} OFFSET ${where.bind(offset)}) ${alias}
           CROSS JOIN LATERAL (SELECT ${list.columns}) item`;
}

/**
 * The rows at `offset`, each as its JSON text (`json`), with the keys they
 * are listed by (`sort_date`, `sort_id`). Rows skipped are read from the
 * list's index alone (a deferred join): only the page's own rows are fetched
 * from the table. The select list is a lateral subquery of the row, which the
 * planner folds into the scan, so that `row_to_json` names the fields.
 */
function pageQuery(
  list: DayOrderedList,
  where: SqlConditions,
  offset: number,
  limit: number,
  only?: 'undated',
): { sql: string; params: unknown[] } {
  const filter = `WHERE ${where.sql}${only === 'undated' ? ` AND ${list.date} IS NULL` : ''}`;
  const order = `ORDER BY ${list.date} DESC NULLS LAST, ${list.id} DESC`;
  const window = `LIMIT ${where.bind(limit)} OFFSET ${where.bind(offset)}`;
  const select = `SELECT row_to_json(item)::text AS json, ${list.date} AS sort_date, ${list.id} AS sort_id
                    FROM ${list.table}`;
  const fields = `CROSS JOIN LATERAL (SELECT ${list.columns}) item`;
  const sql =
    offset === 0
      ? `${select} ${fields} ${filter} ${order} ${window}`
      : `${select}
           JOIN (SELECT ${list.id} AS page_id FROM ${list.table} ${filter} ${order} ${window}) page
             ON page.page_id = ${list.id}
           ${fields}`;
  return { sql, params: where.params };
}
