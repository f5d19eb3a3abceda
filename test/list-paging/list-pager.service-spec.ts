import { SqlConditions, sqlTimestamp } from '../../src/common/sql-conditions.js';
import { ListPager, ListPagingModule, type DayOrderedList } from '../../src/list-paging/index.js';
import { SHALLOW_OFFSET } from '../../src/list-paging/list-pager.service.js';
import type { DayFilter } from '../../src/rollups/index.js';
import { seedAccount, seedSite, SeededAccount } from '../support/fixtures.js';
import { createServiceModule, ServiceModule } from '../support/service-module.js';

/** Rows of the big site: past SHALLOW_OFFSET, so its deep pages go through the rollup. */
const ROWS = 2_600;

/** A site's articles as a day-ordered list, the way a list endpoint describes one to the pager. */
function articles(siteId: number, filter: DayFilter = {}): DayOrderedList {
  return {
    rollup: 'articles',
    filter,
    columns: `a.id, ${sqlTimestamp('a.published_at')} AS published_at`,
    table: 'articles a',
    date: 'a.published_at',
    id: 'a.id',
    where: (conditions: SqlConditions) => {
      const where = conditions
        .add((p) => `a.site_id = ${p}`, siteId)
        .dayRange('a.published_at', filter.from, filter.to);
      if (filter.status !== undefined) where.add((p) => `a.status = ${p}`, filter.status);
      return where;
    },
  };
}

interface Item {
  id: number;
  published_at: string | null;
}

/**
 * ListPager, the paging engine of the day-ordered lists, on a real database:
 * every page it reads is compared with a plain ORDER BY … LIMIT/OFFSET over
 * the same rows, and every total with count(*).
 */
describe('ListPager (the paging engine of the lists)', () => {
  let s: ServiceModule;
  let pager: ListPager;
  let owner: SeededAccount;
  let other: SeededAccount;
  let siteId: number;
  let neighbourId: number;

  /** The list straight from the table: ids in list order (newest first, undated last, ties by id). */
  const expected = async (filter: DayFilter = {}): Promise<Item[]> => {
    const where = articles(siteId, filter).where(new SqlConditions());
    return s.db.query<Item[]>(
      `SELECT a.id, ${sqlTimestamp('a.published_at')} AS published_at FROM articles a
        WHERE ${where.sql} ORDER BY a.published_at DESC NULLS LAST, a.id DESC`,
      where.params,
    );
  };
  const page = async (offset: number, limit: number, filter: DayFilter = {}) => {
    const found = await pager.read(
      owner.accountId,
      siteId,
      articles(siteId, filter),
      offset,
      limit,
    );
    if (found === null) throw new Error('the site is not on the account');
    return { items: found.rows.items<Item>(), total: found.total };
  };
  /** Every page of `limit` rows in turn, through one past the end. */
  const walk = async (limit: number, filter: DayFilter = {}) => {
    const items: Item[] = [];
    const totals = new Set<number>();
    for (let offset = 0; ; offset += limit) {
      const read = await page(offset, limit, filter);
      totals.add(read.total);
      items.push(...read.items);
      if (read.items.length === 0) break;
      expect(read.items.length).toBeLessThanOrEqual(limit);
    }
    return { items, totals: [...totals] };
  };

  beforeAll(async () => {
    s = await createServiceModule([ListPagingModule]);
    pager = s.module.get(ListPager);
    owner = await seedAccount(s.db);
    other = await seedAccount(s.db, { name: 'Other agency' });
    siteId = await seedSite(s.db, owner.accountId);
    neighbourId = await seedSite(s.db, owner.accountId, { name: 'Neighbour' });
    // 45 days with uneven buckets, shared timestamps (ties broken by id), one row in ten undated,
    // a quarter drafts; one statement, as the rollup triggers fire per statement.
    await s.db.query(
      `INSERT INTO articles (site_id, title, status, published_at, body)
       SELECT $1, 'Article ' || i, CASE WHEN i % 4 = 0 THEN 'draft' ELSE 'published' END,
              CASE WHEN i % 10 = 0 THEN NULL
                   ELSE timestamptz '2026-03-01 00:00:00Z' + ((i * 37) % 45) * interval '1 day'
                        + ((i * 7) % (1 + i % 5)) * interval '5 hours' END,
              '<p>x</p>'
         FROM generate_series(1, $2) i`,
      [siteId, ROWS],
    );
    await s.db.query(
      `INSERT INTO articles (site_id, title, status, published_at, body)
       SELECT $1, 'Elsewhere ' || i, 'published', timestamptz '2026-03-10 00:00:00Z', '<p>x</p>'
         FROM generate_series(1, 30) i`,
      [neighbourId],
    );
  });
  afterAll(() => s.close());

  it('pages through the whole list, shallow and deep, in list order with the exact total', async () => {
    const all = await expected();
    expect(all.length).toBe(ROWS);
    for (const limit of [100, 37]) {
      const { items, totals } = await walk(limit);
      expect(items).toEqual(all);
      expect(totals).toEqual([ROWS]);
    }
  });

  it('starts deep pages at every kind of day boundary and runs on into the undated rows', async () => {
    const all = await expected();
    const firstUndated = all.findIndex((item) => item.published_at === null);
    const dayOf = (item: Item) => item.published_at?.slice(0, 10) ?? null;
    const dayStarts = all
      .map((item, index) => (index > 0 && dayOf(all[index - 1]) !== dayOf(item) ? index : -1))
      .filter((index) => index > SHALLOW_OFFSET);
    expect(firstUndated).toBeGreaterThan(SHALLOW_OFFSET);
    expect(dayStarts.length).toBeGreaterThan(2);

    const offsets = [
      SHALLOW_OFFSET - 1, // the last shallow page, spilling past the threshold
      SHALLOW_OFFSET,
      dayStarts[0], // exactly at a day's first row
      dayStarts[0] - 1, // one row before: the page spans two days
      dayStarts[1] + 1, // inside a day
      firstUndated - 3, // the last dated rows and the first undated ones
      firstUndated, // the first undated row
      firstUndated + 5, // inside the undated bucket
      ROWS - 2, // the last, short page
      ROWS, // just past the end
      ROWS + 500, // far past the end
    ];
    for (const offset of offsets) {
      for (const limit of [1, 10, 60]) {
        const read = await page(offset, limit);
        expect({ offset, limit, ids: read.items.map((i) => i.id) }).toEqual({
          offset,
          limit,
          ids: all.slice(offset, offset + limit).map((i) => i.id),
        });
        expect(read.total).toBe(ROWS);
      }
    }
  });

  it.each<[string, DayFilter]>([
    ['a status', { status: 'published' }],
    ['a rarer status', { status: 'draft' }],
    ['a day range', { from: '2026-03-05', to: '2026-04-01' }],
    ['a single day', { from: '2026-03-20', to: '2026-03-20' }],
    ['a range and a status', { from: '2026-03-03', status: 'published' }],
    ['a range with no rows', { from: '2027-01-01' }],
  ])(
    'filtered by %s: the pages are the matching rows and the total is their count',
    async (_, filter) => {
      const all = await expected(filter);
      const { items, totals } = await walk(all.length > 300 ? 97 : 9, filter);
      expect(items).toEqual(all);
      if (filter.status === 'published') expect(all.length).toBeGreaterThan(SHALLOW_OFFSET);
      expect(totals).toEqual([all.length]);
      if (filter.from !== undefined) expect(all.every((i) => i.published_at !== null)).toBe(true);
    },
  );

  it('keeps pages and totals equal to the rows after deletes, re-dating and undating', async () => {
    await s.db.query(`DELETE FROM articles WHERE site_id = $1 AND id % 17 = 0`, [siteId]);
    await s.db.query(`UPDATE articles SET published_at = NULL WHERE site_id = $1 AND id % 23 = 0`, [
      siteId,
    ]);
    await s.db.query(
      `UPDATE articles SET published_at = timestamptz '2026-06-01 12:00:00Z'
        WHERE site_id = $1 AND published_at IS NULL AND id % 4 = 1`,
      [siteId],
    );
    const all = await expected();
    const { items, totals } = await walk(113);
    expect(items).toEqual(all);
    expect(totals).toEqual([all.length]);
    const published = await expected({ status: 'published' });
    const deep = await page(SHALLOW_OFFSET + 1, 5, { status: 'published' });
    expect(deep.items).toEqual(published.slice(SHALLOW_OFFSET + 1, SHALLOW_OFFSET + 6));
    expect(deep.total).toBe(published.length);
  });

  it("answers null for another account's site, shallow or deep, and an empty page for an empty site", async () => {
    const list = articles(siteId);
    expect(await pager.read(other.accountId, siteId, list, 0, 10)).toBeNull();
    expect(await pager.read(other.accountId, siteId, list, SHALLOW_OFFSET + 10, 10)).toBeNull();
    const empty = await seedSite(s.db, owner.accountId, { name: 'Empty' });
    for (const offset of [0, SHALLOW_OFFSET + 10]) {
      const read = await pager.read(owner.accountId, empty, articles(empty), offset, 10);
      expect(read && { items: read.rows.items(), total: read.total }).toEqual({
        items: [],
        total: 0,
      });
    }
  });
});
