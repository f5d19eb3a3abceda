import { countStatement, type RollupSource } from '../../rollups/index.js';

/**
 * What the revision rollup counts: the work done for a client, revisions by
 * site, UTC day of `created_at` and origin, import revisions left out.
 */
export const REVISION_ROLLUP_SOURCE: RollupSource = {
  counts: (keys, { oneSite }) =>
    countStatement(
      'article_revisions',
      { day: `(created_at AT TIME ZONE 'UTC')::date`, origin: 'origin' },
      keys,
      { oneSite, counted: `actor IS DISTINCT FROM 'import'` },
    ),
  lock: async (manager) => {
    await manager.query('LOCK TABLE article_revisions IN SHARE MODE');
  },
  // Gives each revision its article's site again where it differs (the rollup counts by it).
  repair: async (manager, siteId) => {
    const [{ corrected }] = await manager.query<Array<{ corrected: number }>>(
      `WITH moved AS (
         UPDATE article_revisions r SET site_id = a.site_id FROM articles a
          WHERE a.id = r.article_id AND r.site_id <> a.site_id
            ${siteId === undefined ? '' : 'AND (a.site_id = $1 OR r.site_id = $1)'}
         RETURNING 1)
       SELECT count(*)::int AS corrected FROM moved`,
      siteId === undefined ? [] : [siteId],
    );
    return corrected;
  },
};
