import type { PagerProps } from './views/components.js';

/** Rows per console list page. */
export const CONSOLE_PAGE_SIZE = 50;

/** `?page=` as a page number; anything unusable is the first page. */
export function pageNumber(value: unknown): number {
  return typeof value === 'string' && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** The rows a page number skips. */
export function pageOffset(page: number): number {
  return (page - 1) * CONSOLE_PAGE_SIZE;
}

/** "Sites 51–100 of 142" */
function rangeSummary(noun: string, page: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `${noun}: none on this page`;
  const first = (page - 1) * CONSOLE_PAGE_SIZE + 1;
  return `${noun} ${first}–${first + shown - 1} of ${total}`;
}

/**
 * The pager of a numbered list at `base` (`page=N` added to its query, then
 * `fragment`, e.g. `#revisions`): what page `page` shows of `total` rows, and its links.
 */
export function numberedPager(
  noun: string,
  base: string,
  page: number,
  shown: number,
  total: number,
  fragment = '',
): PagerProps {
  const last = Math.max(1, Math.ceil(total / CONSOLE_PAGE_SIZE));
  const link = (to: number) => `${base}${base.includes('?') ? '&' : '?'}page=${to}${fragment}`;
  return {
    summary: rangeSummary(noun, page, shown, total),
    previous: page > 1 ? link(page - 1) : null,
    next: page < last ? link(page + 1) : null,
  };
}
