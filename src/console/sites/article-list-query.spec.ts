import { articleQueryString, parseArticleQuery } from './article-list-query.js';

describe('parseArticleQuery', () => {
  it('is the newest published first without a query', () => {
    expect(parseArticleQuery({})).toEqual({
      query: { sort: 'published', direction: 'desc' },
      problems: [],
    });
  });

  it('reads a search, a status and an order, each heading’s first direction its natural one', () => {
    expect(parseArticleQuery({ q: ' pipes ', status: 'draft', sort: 'title' }).query).toEqual({
      search: 'pipes',
      status: 'draft',
      sort: 'title',
      direction: 'asc',
    });
    expect(parseArticleQuery({ sort: 'changed', dir: 'asc' }).query).toEqual({
      sort: 'changed',
      direction: 'asc',
    });
  });

  it('falls back to the default order and names a search it cannot use', () => {
    const { query, problems } = parseArticleQuery({ sort: 'colour', dir: 'up', q: 'a\u0001' });
    expect(query).toEqual({ sort: 'published', direction: 'desc' });
    expect(problems).toEqual(['The search holds control characters.']);
  });

  it('round-trips through its query string', () => {
    const query = {
      search: 'a&b',
      status: 'published',
      sort: 'words' as const,
      direction: 'asc' as const,
    };
    const back = parseArticleQuery(
      Object.fromEntries(new URLSearchParams(articleQueryString(query))),
    );
    expect(back.query).toEqual(query);
    expect(articleQueryString({ sort: 'published', direction: 'desc' })).toBe('');
  });
});
