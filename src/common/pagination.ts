export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
/** The largest page number accepted (15 digits): far past any end, still exact in JSON. */
export const MAX_PAGE = 999_999_999_999_999;

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

/** `last_page = max(1, ceil(total / per_page))`, as decided. */
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}
