/** Rows per console list page. */
export const CONSOLE_PAGE_SIZE = 50;

/** `?page=` as a page number; anything unusable is the first page. */
export function pageNumber(value: unknown): number {
  return typeof value === 'string' && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** "Sites 51–100 of 142" */
export function rangeSummary(noun: string, page: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `${noun}: none on this page`;
  const first = (page - 1) * CONSOLE_PAGE_SIZE + 1;
  return `${noun} ${first}–${first + shown - 1} of ${total}`;
}
