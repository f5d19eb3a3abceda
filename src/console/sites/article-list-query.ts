import { ARTICLE_SORTS, type ArticleQuery, type ArticleSort } from '../../articles/index.js';

/** Longer than any title or URL part worth searching for. */
export const MAX_ARTICLE_SEARCH = 200;

/** The default order: newest published first, as the list always was. */
export const DEFAULT_ARTICLE_ORDER = { sort: 'published', direction: 'desc' } as const;

/** The first direction a heading sorts by: newest, most words, A to Z. */
export const FIRST_DIRECTION: Record<ArticleSort, 'asc' | 'desc'> = {
  published: 'desc',
  changed: 'desc',
  words: 'desc',
  title: 'asc',
};

/**
 * A site page's query string, read leniently: an unknown sort or direction
 * is the default, a search too long or with control characters is left out
 * and named.
 */
export function parseArticleQuery(query: Record<string, unknown>): {
  query: ArticleQuery;
  problems: string[];
} {
  const text = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const problems: string[] = [];
  const parsed: ArticleQuery = { ...DEFAULT_ARTICLE_ORDER };
  const sort = text('sort');
  if (sort !== undefined && (ARTICLE_SORTS as readonly string[]).includes(sort)) {
    parsed.sort = sort as ArticleSort;
    parsed.direction = FIRST_DIRECTION[parsed.sort];
  }
  const direction = text('dir');
  if (direction === 'asc' || direction === 'desc') parsed.direction = direction;
  const search = text('q');
  if (search !== undefined) {
    if (search.length > MAX_ARTICLE_SEARCH) {
      problems.push(`The search is longer than ${MAX_ARTICLE_SEARCH} characters.`);
    } else if (/\p{Cc}/u.test(search)) problems.push('The search holds control characters.');
    else parsed.search = search;
  }
  const status = text('status');
  if (status !== undefined && status.length <= 255 && !/\p{Cc}/u.test(status)) {
    parsed.status = status;
  }
  return { query: parsed, problems };
}

/** The query string of a list (`?q=…&status=…&sort=…&dir=…`), the default order left out. */
export function articleQueryString(query: ArticleQuery): string {
  const params = new URLSearchParams();
  if (query.search !== undefined) params.set('q', query.search);
  if (query.status !== undefined) params.set('status', query.status);
  if (
    query.sort !== DEFAULT_ARTICLE_ORDER.sort ||
    query.direction !== DEFAULT_ARTICLE_ORDER.direction
  ) {
    params.set('sort', query.sort);
    params.set('dir', query.direction);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
