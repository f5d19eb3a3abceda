import { spanOf } from './dataset.js';

/**
 * What the bench measures: the requests of an agency's month-end report and
 * of an agent paging through lists. `paths` are taken round-robin, one per
 * request, so single-article reads and edits spread over many rows.
 *
 * `target`: the ratio the service must reach against the baseline, where the
 * issue sets one. `slow`: the baseline needs seconds per request here, so
 * the window is longer. `compare`: the sanity check asks both servers these paths
 * and requires identical JSON before anything is timed. `afterImport`: measured
 * first, right after `content-api import` wrote the site, with no vacuum.
 */
export function scenarios(dataset, anchorMonth, imported) {
  const big = dataset.bigSiteId;
  const medium = dataset.mediumSiteId;
  const { lastFullYear, year } = yearQuery(anchorMonth);
  const mediumBacklinkPages = Math.ceil(dataset.counts.medium_backlinks / 100);
  const read = (id, title, paths, extra = {}) => ({
    id,
    title,
    method: 'GET',
    kind: 'read',
    paths: Array.isArray(paths) ? paths : [paths],
    ...extra,
  });
  const afterImport = imported
    ? [
        read(
          'import-articles-p1',
          'just imported: list articles page 1 (20,000 articles, per_page=100)',
          `/api/v1/sites/${imported.siteId}/articles?per_page=100`,
          { target: 1.5, afterImport: true },
        ),
        read(
          'import-backlinks-p1',
          'just imported: list backlinks page 1 (200,000 backlinks, per_page=100)',
          `/api/v1/sites/${imported.siteId}/backlinks?per_page=100`,
          { afterImport: true },
        ),
      ]
    : [];
  return [
    ...afterImport,
    read('sites', 'list sites (1,000 sites, per_page=100)', '/api/v1/sites?per_page=100'),
    read(
      'articles-p1',
      'list articles page 1 (20,000 articles, per_page=100)',
      `/api/v1/sites/${big}/articles?per_page=100`,
      { target: 1.5 },
    ),
    read(
      'articles-p200',
      'list articles page 200 (the last, per_page=100)',
      `/api/v1/sites/${big}/articles?per_page=100&page=200`,
    ),
    read(
      'articles-filtered',
      `list articles ${lastFullYear}, status=published, page 5`,
      `/api/v1/sites/${big}/articles?${year}&status=published&per_page=100&page=5`,
    ),
    read(
      'article-get',
      'get article (~5 KB HTML, 1,000 different ids)',
      dataset.readArticleIds.map((id) => `/api/v1/articles/${id}`),
    ),
    read(
      'backlinks-p1',
      'list backlinks page 1 (1,000,000 backlinks, per_page=100)',
      `/api/v1/sites/${big}/backlinks?per_page=100`,
      { slow: true },
    ),
    read(
      'backlinks-p5000',
      'list backlinks page 5,000 (per_page=100)',
      `/api/v1/sites/${big}/backlinks?per_page=100&page=5000`,
      { target: 5, slow: true },
    ),
    read(
      'stats-this-month',
      'stats period=this_month',
      `/api/v1/sites/${big}/stats?period=this_month`,
      { target: 20 },
    ),
    read(
      'stats-last-30',
      'stats period=last_30_days',
      `/api/v1/sites/${big}/stats?period=last_30_days`,
      { target: 20 },
    ),
    read(
      'stats-year',
      `stats ${lastFullYear} (one year from/to)`,
      `/api/v1/sites/${big}/stats?${year}`,
      {
        target: 20,
      },
    ),
    {
      id: 'article-put',
      title: 'PUT article (title and ~5 KB body, 2,000 different ids)',
      method: 'PUT',
      kind: 'write',
      paths: dataset.editArticleIds.map((id) => `/api/v1/articles/${id}`),
      editIds: dataset.editArticleIds,
    },
    read(
      'm-articles-p1',
      'medium site: list articles page 1 (1,000 articles)',
      `/api/v1/sites/${medium}/articles?per_page=100`,
      { scale: true },
    ),
    read(
      'm-backlinks-p1',
      'medium site: list backlinks page 1 (20,000 backlinks)',
      `/api/v1/sites/${medium}/backlinks?per_page=100`,
      { scale: true },
    ),
    read(
      'm-backlinks-last',
      `medium site: list backlinks page ${mediumBacklinkPages} (the last)`,
      `/api/v1/sites/${medium}/backlinks?per_page=100&page=${mediumBacklinkPages}`,
      { scale: true },
    ),
    read(
      'm-stats-year',
      `medium site: stats ${lastFullYear}`,
      `/api/v1/sites/${medium}/stats?${year}`,
      { scale: true },
    ),
  ];
}

/** The last full calendar year of the dataset, and its from/to query. */
export function yearQuery(anchorMonth) {
  const lastFullYear = Number(spanOf(anchorMonth).end.slice(0, 4)) - 1;
  return { lastFullYear, year: `from=${lastFullYear}-01-01&to=${lastFullYear}-12-31` };
}
