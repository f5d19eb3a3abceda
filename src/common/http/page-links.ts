import type { PageMeta } from '../pagination.js';

/**
 * The RFC 8288 `Link` header of a list page, as GitHub's API sends it: the
 * same request with another `page` for `first`, `prev`, `next` and `last`,
 * every other query parameter kept as the client sent it. `prev` of a page
 * past the end is the last page, where the items are; the first page has no
 * `prev`, the last no `next`.
 */
export function pageLinks(
  baseUrl: string,
  path: string,
  rawQuery: string,
  meta: Pick<PageMeta, 'page' | 'last_page'>,
): string {
  const target = (page: number): string => {
    const query = new URLSearchParams(rawQuery);
    query.set('page', String(page));
    return `${baseUrl}${path}?${query.toString()}`;
  };
  const links: Array<[string, number]> = [['first', 1]];
  if (meta.page > 1) links.push(['prev', Math.min(meta.page - 1, meta.last_page)]);
  if (meta.page < meta.last_page) links.push(['next', meta.page + 1]);
  links.push(['last', meta.last_page]);
  return links.map(([rel, page]) => `<${target(page)}>; rel="${rel}"`).join(', ');
}
