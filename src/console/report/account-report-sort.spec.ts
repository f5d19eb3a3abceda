import type { AccountReportRowDto } from '../../report/index.js';
import { nextSort, readSort, sortRows } from './account-report-sort.js';

function row(
  id: number,
  name: string | null,
  backlinks: number,
  before: number,
): AccountReportRowDto {
  const counts = (n: number) => ({
    articles_published: 0,
    backlinks_acquired: n,
    backlinks_industry: n,
    backlinks_local: 0,
  });
  const change = { absolute: backlinks - before, percent: null };
  return {
    site: { id, name, website_url: null },
    summary: counts(backlinks),
    previous: counts(before),
    change: {
      articles_published: { absolute: 0, percent: null },
      backlinks_acquired: change,
      backlinks_industry: change,
      backlinks_local: { absolute: 0, percent: null },
    },
  };
}

const ROWS = [
  row(1, 'beta', 5, 1),
  row(2, 'Alpha', 9, 10),
  row(3, null, 5, 0),
  row(4, 'alpha', 1, 0),
];
const ids = (rows: AccountReportRowDto[]) => rows.map((r) => r.site.id);

describe('account report order', () => {
  it('reads ?sort= and ?dir=, figures largest first unless told, anything unknown as the default', () => {
    expect(readSort('backlinks_acquired', undefined)).toEqual({
      key: 'backlinks_acquired',
      direction: 'desc',
    });
    expect(readSort('backlinks_acquired_change', 'asc')).toEqual({
      key: 'backlinks_acquired_change',
      direction: 'asc',
    });
    expect(readSort('site', 'sideways')).toEqual({ key: 'site', direction: 'asc' });
    expect(readSort("name'; DROP", 'desc')).toEqual({ key: 'site', direction: 'asc' });
    expect(readSort(['site', 'site'], 'desc')).toEqual({ key: 'site', direction: 'asc' });
  });

  it('turns the order shown round when its heading is followed again', () => {
    expect(nextSort({ key: 'site', direction: 'asc' }, 'site')).toEqual({
      key: 'site',
      direction: 'desc',
    });
    expect(nextSort({ key: 'site', direction: 'asc' }, 'backlinks_local')).toEqual({
      key: 'backlinks_local',
      direction: 'desc',
    });
  });

  it('sorts by name without case, ties by id; by a count or a change, ties by name', () => {
    expect(ids(sortRows(ROWS, { key: 'site', direction: 'asc' }))).toEqual([3, 2, 4, 1]);
    expect(ids(sortRows(ROWS, { key: 'backlinks_acquired', direction: 'desc' }))).toEqual([
      2, 3, 1, 4,
    ]);
    expect(ids(sortRows(ROWS, { key: 'backlinks_acquired_change', direction: 'desc' }))).toEqual([
      3, 1, 4, 2,
    ]);
    expect(ids(sortRows(ROWS, { key: 'backlinks_acquired_change', direction: 'asc' }))).toEqual([
      2, 4, 1, 3,
    ]);
  });
});
