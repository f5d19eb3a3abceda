import { countStatement, type RollupSource } from '../rollups/index.js';

/**
 * What the backlink rollups count: backlinks by site, UTC day (or month) of
 * `acquired_at`, and category, anchor type, status, source domain or target URL.
 */
export const BACKLINK_ROLLUP_SOURCE: RollupSource = {
  counts: (keys, { oneSite }) =>
    countStatement(
      'backlinks',
      {
        day: `(acquired_at AT TIME ZONE 'UTC')::date`,
        month: `date_trunc('month', acquired_at AT TIME ZONE 'UTC')::date`,
        category: 'category',
        anchor_type: 'anchor_type',
        status: 'status',
        source_domain: 'source_domain',
        target_url: 'target_url',
      },
      keys,
      { oneSite },
    ),
  lock: async (manager) => {
    await manager.query('LOCK TABLE backlinks IN SHARE MODE');
  },
};
