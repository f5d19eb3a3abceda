import { jsx } from 'hono/jsx';
import { renderHtml } from '../page/render-html.js';
import { Empty } from './components.js';
import { type Column, Table, type TableProps } from './table.js';

interface Fruit {
  id: number;
  name: string;
  count: number;
}

const COLUMNS: Array<Column<Fruit>> = [
  { header: 'Fruit', key: true, cell: (fruit) => jsx('a', { href: `/f/${fruit.id}` }, fruit.name) },
  { header: 'Count', numeric: true, class: 'nowrap', cell: (fruit) => fruit.count },
  { header: 'Actions', quiet: true, cell: () => jsx('button', { type: 'button' }, 'Eat') },
];

const ROWS: Fruit[] = [
  { id: 1, name: 'Apple <3', count: 1200 },
  { id: 2, name: 'Pear', count: 3 },
];

/** The table's markup, without the doctype every page starts with. */
const table = async (props: TableProps<Fruit>) =>
  (await renderHtml(jsx(Table, props))).replace('<!doctype html>\n', '');

describe('Table', () => {
  it('declares each column once: heading, cells labelled with it, key column and classes', async () => {
    expect(
      await table({ columns: COLUMNS, rows: ROWS, rowId: (fruit) => `fruit-${fruit.id}` }),
    ).toBe(
      '<div class="table-wrap"><table><thead><tr>' +
        '<th scope="col" class="key">Fruit</th>' +
        '<th scope="col" class="num">Count</th>' +
        '<th scope="col"><span class="muted">Actions</span></th>' +
        '</tr></thead><tbody>' +
        '<tr id="fruit-1"><td data-label="Fruit" class="key"><a href="/f/1">Apple &lt;3</a></td>' +
        '<td data-label="Count" class="num nowrap">1200</td>' +
        '<td data-label="Actions"><button type="button">Eat</button></td></tr>' +
        '<tr id="fruit-2"><td data-label="Fruit" class="key"><a href="/f/2">Pear</a></td>' +
        '<td data-label="Count" class="num nowrap">3</td>' +
        '<td data-label="Actions"><button type="button">Eat</button></td></tr>' +
        '</tbody></table></div>',
    );
  });

  it('shows the pager below the rows, and `empty` instead of a table without rows', async () => {
    const pager = { summary: 'Fruit 1–2 of 2', previous: null, next: '/f?page=2' };
    const empty = jsx(Empty, { title: 'No fruit' });
    const full = await table({ columns: COLUMNS, rows: ROWS, pager, empty });
    expect(full).toContain('</table></div><nav class="pager" aria-label="Pages">');
    expect(full).toContain('<a class="button secondary small" href="/f?page=2" rel="next">');
    expect(full).not.toContain('No fruit');
    expect(await table({ columns: COLUMNS, rows: [], pager, empty })).toBe(
      '<div class="empty"><strong>No fruit</strong></div>',
    );
  });

  it('without `empty`, keeps its headings when there are no rows', async () => {
    expect(await table({ columns: COLUMNS, rows: [] })).toContain('<tbody></tbody>');
  });
});
