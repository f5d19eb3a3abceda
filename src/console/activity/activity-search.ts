import type { LogMatch } from '../../learning-log/index.js';

/** Where the API serves an article: its calls carry the article's id in their path. */
const ARTICLE_PATH = '/api/v1/articles/';

export interface SearchPlan {
  match: LogMatch;
  /** The article the search names, whose revisions' calls match too. */
  articleId?: number;
}

/**
 * What one search box means, by the shape of what was typed. Anything is
 * compared whole with request ids and operations (`listSites`); a path
 * (`/api/v1/sites`, or a URL of this service, whose path is taken) matches
 * the calls whose path begins with it; a number is an article id: the calls
 * to that article's paths and the calls that made its revisions.
 */
export function searchPlan(search: string): SearchPlan {
  const path = pathOf(search);
  if (path !== undefined) return { match: { text: search, pathPrefixes: [path] } };
  if (/^[1-9]\d{0,9}$/.test(search) && Number(search) <= 2_147_483_647) {
    return {
      match: {
        text: search,
        paths: [`${ARTICLE_PATH}${search}`],
        pathPrefixes: [`${ARTICLE_PATH}${search}/`],
      },
      articleId: Number(search),
    };
  }
  return { match: { text: search } };
}

function pathOf(search: string): string | undefined {
  if (search.startsWith('/')) return search;
  if (!/^https?:\/\//i.test(search)) return undefined;
  try {
    return new URL(search).pathname;
  } catch {
    return undefined;
  }
}
