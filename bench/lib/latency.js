import { Agent, request } from 'node:http';

/**
 * Unloaded latency: one request at a time over a kept-alive connection,
 * timed to the microsecond. This is how a single report request feels at
 * each site size, without queueing behind 31 others.
 */
export async function sequentialLatency(
  baseUrl,
  path,
  key,
  { count = 200, budgetMs = 5_000 } = {},
) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = request(
        `${baseUrl}${path}`,
        { agent, headers: { authorization: `Bearer ${key}` } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  try {
    for (let i = 0; i < 10; i++) await once();
    const times = [];
    const deadline = Date.now() + budgetMs;
    while (times.length < count && (times.length < 5 || Date.now() < deadline)) {
      times.push(await once());
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    return { n: times.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
  } finally {
    agent.destroy();
  }
}

/** The same request shapes on the large and the medium site, for the scale notes. */
export function scaleProbes(dataset, year) {
  const big = dataset.bigSiteId;
  const medium = dataset.mediumSiteId;
  const lastPage = (rows) => Math.ceil(rows / 100);
  const c = dataset.counts;
  return [
    {
      title: 'list articles, page 1',
      medium: `/api/v1/sites/${medium}/articles?per_page=100`,
      large: `/api/v1/sites/${big}/articles?per_page=100`,
    },
    {
      title: 'list articles, last page',
      medium: `/api/v1/sites/${medium}/articles?per_page=100&page=${lastPage(c.medium_articles)}`,
      large: `/api/v1/sites/${big}/articles?per_page=100&page=${lastPage(c.big_articles)}`,
    },
    {
      title: 'list backlinks, page 1',
      medium: `/api/v1/sites/${medium}/backlinks?per_page=100`,
      large: `/api/v1/sites/${big}/backlinks?per_page=100`,
    },
    {
      title: 'list backlinks, middle page',
      medium: `/api/v1/sites/${medium}/backlinks?per_page=100&page=${lastPage(c.medium_backlinks / 2)}`,
      large: `/api/v1/sites/${big}/backlinks?per_page=100&page=${lastPage(c.big_backlinks / 2)}`,
    },
    {
      title: 'list backlinks, last page',
      medium: `/api/v1/sites/${medium}/backlinks?per_page=100&page=${lastPage(c.medium_backlinks)}`,
      large: `/api/v1/sites/${big}/backlinks?per_page=100&page=${lastPage(c.big_backlinks)}`,
    },
    {
      title: 'stats, one year',
      medium: `/api/v1/sites/${medium}/stats?${year}`,
      large: `/api/v1/sites/${big}/stats?${year}`,
    },
  ];
}
