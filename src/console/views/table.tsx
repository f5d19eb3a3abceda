import type { Child } from 'hono/jsx';
import { Pager, type PagerProps } from './components.js';

/** A column of a list, declared once: its heading and what each row shows in it. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => Child;
  /** The column that names the row (class `key`): the one a narrow screen keeps first. */
  key?: boolean;
  /** Figures: right-aligned, heading included (class `num`). */
  numeric?: boolean;
  /** More classes for the column's cells (`mono`, `nowrap`…). */
  class?: string;
  /** A heading that names nothing to read (the actions column): shown muted. */
  quiet?: boolean;
  /**
   * A list sorted on the server: the heading links to the list sorted by this
   * column, and says so (`aria-sort`) when it is the order shown.
   */
  sort?: { href: string; current?: 'ascending' | 'descending' };
}

export interface TableProps<Row> {
  columns: Array<Column<Row>>;
  rows: Row[];
  /** The row's element id, for links to it (`#key-12`). */
  rowId?: (row: Row) => string;
  /** Shown instead of the table when there are no rows. */
  empty?: Child;
  /** Below the table (when it has rows): the pages of a long list. */
  pager?: PagerProps;
}

/**
 * Every list of the console: keys, assistants, people, activity, articles, revisions…
 * Each cell carries its column's heading (`data-label`): on a narrow screen the
 * stylesheet shows every row as a card that labels its values.
 */
export function Table<Row>({ columns, rows, rowId, empty, pager }: TableProps<Row>): Child {
  if (rows.length === 0 && empty !== undefined) return empty;
  return (
    <>
      <div class={columns.some((column) => column.sort) ? 'table-wrap sortable' : 'table-wrap'}>
        <table>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" class={classes(column, false)} aria-sort={column.sort?.current}>
                  <Heading column={column} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr id={rowId?.(row)}>
                {columns.map((column) => (
                  <td data-label={column.header} class={classes(column, true)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pager ? <Pager {...pager} /> : null}
    </>
  );
}

function Heading<Row>({ column }: { column: Column<Row> }): Child {
  if (column.quiet) return <span class="muted">{column.header}</span>;
  if (!column.sort) return column.header;
  const arrow =
    column.sort.current === undefined ? '' : column.sort.current === 'ascending' ? ' ↑' : ' ↓';
  return (
    <a class="sort" href={column.sort.href}>
      {column.header}
      {arrow}
    </a>
  );
}

function classes(column: Column<never>, cell: boolean): string | undefined {
  const names = [
    column.key ? 'key' : '',
    column.numeric ? 'num' : '',
    cell ? (column.class ?? '') : '',
  ].filter(Boolean);
  return names.length > 0 ? names.join(' ') : undefined;
}
