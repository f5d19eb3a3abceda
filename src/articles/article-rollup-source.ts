import { countStatement, type RollupSource } from '../rollups/index.js';

/** What the article rollups count: articles by site, UTC day (or month) of `published_at` and status. */
export const ARTICLE_ROLLUP_SOURCE: RollupSource = {
  counts: (keys, { oneSite }) =>
    countStatement(
      'articles',
      {
        day: `(published_at AT TIME ZONE 'UTC')::date`,
        month: `date_trunc('month', published_at AT TIME ZONE 'UTC')::date`,
        status: 'status',
      },
      keys,
      { oneSite },
    ),
  lock: async (manager) => {
    await manager.query('LOCK TABLE articles IN SHARE MODE');
  },
};
