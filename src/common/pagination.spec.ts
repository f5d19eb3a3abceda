import {
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  pageMeta,
  pageOffset,
} from './pagination.js';

describe('pagination', () => {
  it('has the decided defaults and bound', () => {
    expect([DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE]).toEqual([1, 20, 100]);
  });

  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [57, 20, 3],
    [100, 100, 1],
    [101, 100, 2],
    [5, 1, 5],
  ])('total %i at %i per page has last_page %i', (total, perPage, lastPage) => {
    expect(pageMeta(1, perPage, total)).toEqual({
      page: 1,
      per_page: perPage,
      total,
      last_page: lastPage,
    });
  });

  it('reports a page past the end as asked, with the true total and last page', () => {
    expect(pageMeta(9, 10, 25)).toEqual({ page: 9, per_page: 10, total: 25, last_page: 3 });
  });

  it.each([
    [1, 20, 0],
    [2, 20, 20],
    [3, 7, 14],
    [10, 100, 900],
  ])('page %i of %i per page starts after %i rows', (page, perPage, offset) => {
    expect(pageOffset(page, perPage)).toBe(offset);
  });
});
