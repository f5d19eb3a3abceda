import { type AccountReportRowDto, COUNT_NAMES } from '../../report/index.js';

type CountName = (typeof COUNT_NAMES)[number];

/** What the account report can be sorted by: the website's name, a count, or a count's change. */
export type SortKey = 'site' | CountName | `${CountName}_change`;
export type SortDirection = 'asc' | 'desc';
export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

export const SORT_KEYS: readonly SortKey[] = [
  'site',
  ...COUNT_NAMES,
  ...COUNT_NAMES.map((name) => `${name}_change` as const),
];

export const DEFAULT_SORT: SortOrder = { key: 'site', direction: 'asc' };

/** `?sort=&dir=`; anything unknown is the default order, as an unknown page number is the first page. */
export function readSort(sort: unknown, dir: unknown): SortOrder {
  if (typeof sort !== 'string' || !(SORT_KEYS as readonly string[]).includes(sort)) {
    return DEFAULT_SORT;
  }
  const key = sort as SortKey;
  const direction = dir === 'asc' || dir === 'desc' ? dir : firstDirection(key);
  return { key, direction };
}

/** Names read A to Z first; figures largest first. */
export function firstDirection(key: SortKey): SortDirection {
  return key === 'site' ? 'asc' : 'desc';
}

/** The order a column's heading links to: its first direction, or the other one when it is the order shown. */
export function nextSort(current: SortOrder, key: SortKey): SortOrder {
  if (current.key !== key) return { key, direction: firstDirection(key) };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/**
 * The rows in that order; ties (and a change there is none of, without a
 * comparison) by name, then id, so that pages never overlap.
 */
export function sortRows(rows: AccountReportRowDto[], order: SortOrder): AccountReportRowDto[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  const byName = (a: AccountReportRowDto, b: AccountReportRowDto) =>
    (a.site.name ?? '').localeCompare(b.site.name ?? '', 'en', { sensitivity: 'base' }) ||
    a.site.id - b.site.id;
  const value = (row: AccountReportRowDto): number => {
    if (order.key === 'site') return 0;
    if (order.key.endsWith('_change')) {
      return row.change?.[order.key.slice(0, -'_change'.length) as CountName].absolute ?? 0;
    }
    return row.summary[order.key as CountName];
  };
  return [...rows].sort((a, b) =>
    order.key === 'site' ? sign * byName(a, b) : sign * (value(a) - value(b)) || byName(a, b),
  );
}
