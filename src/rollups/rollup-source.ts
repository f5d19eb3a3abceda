import type { EntityManager } from 'typeorm';

/**
 * The rows a rollup counts, as the module that owns them says it, so that
 * the rebuild never names another module's table: the articles module
 * provides the articles' and the revisions', the backlinks module the
 * backlinks'.
 */
export interface RollupSource {
  /**
   * A fresh count of the rows: `SELECT site_id, <key>, … count(*)::int AS n … GROUP BY …`,
   * with the keys in the order asked (`day`: the UTC day of the row's date;
   * any other: the column the rollup counts by), only the rows the rollups
   * count, and only those of site `$1` when `oneSite`.
   */
  counts(keys: readonly string[], options: { oneSite: boolean }): string;
  /** Makes writers of the rows wait until the transaction ends (their triggers would race a recount); readers do not. */
  lock(manager: EntityManager): Promise<void>;
  /**
   * Repairs what the rollups key by and the triggers keep (a revision's
   * site), for one site or all, before the recount; returns the rows it
   * corrected.
   */
  repair?(manager: EntityManager, siteId: number | undefined): Promise<number>;
}

/** Builds a source's count statement from how it computes each key. */
export function countStatement(
  table: string,
  expressions: Readonly<Record<string, string>>,
  keys: readonly string[],
  { oneSite, counted }: { oneSite: boolean; counted?: string },
): string {
  const selected = keys.map((key) => {
    const expression = expressions[key];
    if (expression === undefined) throw new Error(`${table} has no rollup key ${key}`);
    return expression === key ? key : `${expression} AS ${key}`;
  });
  const conditions = [...(counted ? [counted] : []), ...(oneSite ? ['site_id = $1'] : [])];
  const grouping = ['site_id', ...keys].map((_, i) => i + 1).join(', ');
  return `SELECT site_id, ${selected.join(', ')}, count(*)::int AS n
            FROM ${table} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
           GROUP BY ${grouping}`;
}
