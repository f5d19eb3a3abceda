import type { DataSource } from 'typeorm';

/** What the list-endpoint table's cases are arranged on (test/list-paging/list-endpoints.e2e-spec.ts). */
export interface ListFixture {
  db: DataSource;
  accountId: number;
  /** The site whose articles and backlinks are listed. */
  siteId: number;
}

/** A narrowing filter of a list and the ids it leaves, in list order. */
export interface ListFilter {
  query: string;
  ids(fixture: ListFixture): Promise<number[]>;
}

/**
 * One list endpoint of the API as the shared cases see it: where it is, how an item is identified, the whole list in its order
 * straight from the database, and its own filters, good and bad. The cases
 * that hold for every list (paging, per_page bounds, Link headers and meta,
 * refusals in the error envelope) run over every row of this table.
 */
export interface ListEndpoint {
  name: string;
  path(fixture: ListFixture): string;
  itemId(item: unknown): number;
  /** Every id of the unfiltered list, in list order. */
  ids(fixture: ListFixture): Promise<number[]>;
  filters: ListFilter[];
  /** Filters refused with 422: the query, the error code and, for invalid_parameter, the field. */
  badFilters: Array<[query: string, error: string, field?: string]>;
}

const ids = async (db: DataSource, sql: string, params: unknown[]) =>
  (await db.query<Array<{ id: string | number }>>(sql, params)).map((row) => Number(row.id));

const sitesByIdAscending = (f: ListFixture) =>
  ids(f.db, `SELECT id FROM sites WHERE account_id = $1 ORDER BY id`, [f.accountId]);

/** A site's day-ordered list: newest first, undated last, ties by id descending. */
const dayOrdered =
  (table: string, date: string, where = 'TRUE') =>
  (f: ListFixture) =>
    ids(
      f.db,
      `SELECT id FROM ${table} WHERE site_id = $1 AND ${where} ORDER BY ${date} DESC NULLS LAST, id DESC`,
      [f.siteId],
    );

const bySiteId = (item: unknown) => (item as { id: number }).id;

/** Day filters every day-ordered list takes, refused the same way. */
const BAD_DAYS: ListEndpoint['badFilters'] = [
  ['from=2026-02-30', 'invalid_parameter', 'from'],
  ['to=2026-13-01', 'invalid_parameter', 'to'],
  ['from=2026-11-03T00:00:00Z', 'invalid_parameter', 'from'],
  ['to=03-11-2026', 'invalid_parameter', 'to'],
  ['from=2026-11-01&from=2026-11-02', 'invalid_parameter', 'from'],
  ['from=2026-10-05&to=2026-10-04', 'invalid_date_range'],
];

export const LIST_ENDPOINTS: ListEndpoint[] = [
  {
    name: 'sites',
    path: () => '/api/v1/sites',
    itemId: bySiteId,
    ids: sitesByIdAscending,
    filters: [],
    badFilters: [],
  },
  {
    name: 'articles',
    path: (f) => `/api/v1/sites/${f.siteId}/articles`,
    itemId: bySiteId,
    ids: dayOrdered('articles', 'published_at'),
    filters: [
      {
        query: 'status=published&from=2026-10-02',
        ids: dayOrdered(
          'articles',
          'published_at',
          `status = 'published' AND published_at >= '2026-10-02T00:00:00Z'`,
        ),
      },
      {
        query: 'to=2026-10-04',
        ids: dayOrdered('articles', 'published_at', `published_at < '2026-10-05T00:00:00Z'`),
      },
    ],
    badFilters: [
      ...BAD_DAYS,
      ['status=a&status=b', 'invalid_parameter', 'status'],
      [`status=${'s'.repeat(256)}`, 'invalid_parameter', 'status'],
    ],
  },
  {
    name: 'backlinks',
    path: (f) => `/api/v1/sites/${f.siteId}/backlinks`,
    itemId: bySiteId,
    ids: dayOrdered('backlinks', 'acquired_at'),
    filters: [
      {
        query: 'from=2026-10-03&to=2026-10-06',
        ids: dayOrdered(
          'backlinks',
          'acquired_at',
          `acquired_at >= '2026-10-03T00:00:00Z' AND acquired_at < '2026-10-07T00:00:00Z'`,
        ),
      },
    ],
    badFilters: BAD_DAYS,
  },
  {
    name: 'account report (its sites)',
    path: () => '/api/v1/report',
    itemId: (row) => (row as { site: { id: number } }).site.id,
    ids: sitesByIdAscending,
    filters: [],
    badFilters: [
      ['compare=yesterday', 'invalid_parameter', 'compare'],
      ['period=Q1', 'invalid_period'],
      ['period=2026-10&to=2026-10-03', 'conflicting_parameters'],
      ['from=2026-10-05&to=2026-10-04', 'invalid_date_range'],
    ],
  },
];
