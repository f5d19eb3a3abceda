import { request } from 'node:http';
import { clearInterval, setInterval } from 'node:timers';
import { spanOf } from './dataset.js';
import { sequentialLatency } from './latency.js';
import { rssBytes } from './processes.js';

/**
 * The report's speed targets (issue 21), measured the way a customer meets
 * them: one request at a time on the large site and the 1,000-site account.
 * The baseline has no report, so these run on the service alone; each gives
 * its figure beside its budget.
 */

/** The last whole month of the dataset, `YYYY-MM`: the month an agency reports on. */
export function reportMonth(anchorMonth) {
  const end = new Date(`${spanOf(anchorMonth).end}T00:00:00Z`);
  return new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 2, 1))
    .toISOString()
    .slice(0, 7);
}

/** The report scenarios: one request at a time, a quantile of the latency against its budget. */
export function reportScenarios(dataset, anchorMonth) {
  const month = reportMonth(anchorMonth);
  const big = dataset.bigSiteId;
  return [
    {
      id: 'report-month',
      title: `site report of a month, JSON (${month}, the 1,000,000-backlink site)`,
      path: `/api/v1/sites/${big}/report?period=${month}`,
      quantile: 0.95,
      budgetMs: 50,
      count: 200,
    },
    {
      id: 'report-account',
      title: `account report, JSON, a page of 100 of the 1,000 sites (${month})`,
      path: `/api/v1/report?period=${month}&per_page=100&page=2`,
      quantile: 0.95,
      budgetMs: 100,
      count: 200,
    },
    {
      id: 'report-pdf',
      title: `site report of a month as PDF (${month}, the large site)`,
      path: `/api/v1/sites/${big}/report?period=${month}&format=pdf`,
      quantile: 0.95,
      budgetMs: 1_500,
      count: 20,
    },
  ];
}

/** The whole-range export: every backlink of the large site as CSV, in one request. */
export function exportScenario(dataset) {
  return {
    id: 'export-csv',
    title: `CSV export of every backlink of the large site (${dataset.counts.big_backlinks.toLocaleString('en-US')})`,
    path: `/api/v1/sites/${dataset.bigSiteId}/backlinks?format=csv`,
    minRowsPerSecond: 50_000,
    maxRssGrowthBytes: 50 * 2 ** 20,
  };
}

export async function measureReport(baseUrl, scenario, key, quick) {
  const latency = await sequentialLatency(baseUrl, scenario.path, key, {
    count: quick ? Math.ceil(scenario.count / 4) : scenario.count,
    budgetMs: quick ? 5_000 : 30_000,
  });
  const measured = latency[`p${Math.round(scenario.quantile * 100)}`];
  return { ...latency, measured, met: measured <= scenario.budgetMs };
}

/**
 * Streams the export once, reading as fast as it arrives: rows a second
 * (records after the header, counted by their line ends) and how far the
 * service's resident memory rose above where it was before the request,
 * sampled from /proc every 50 ms.
 */
export function measureExport(baseUrl, scenario, key, pid) {
  return new Promise((resolve, reject) => {
    const before = rssBytes(pid);
    let peak = before;
    const sampler = setInterval(() => {
      const now = rssBytes(pid);
      if (now !== null && now > peak) peak = now;
    }, 50);
    const started = process.hrtime.bigint();
    let lines = 0;
    let status;
    const req = request(
      `${baseUrl}${scenario.path}`,
      { headers: { authorization: `Bearer ${key}` } },
      (res) => {
        status = res.statusCode;
        res.on('data', (chunk) => {
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        });
        res.on('end', () => {
          clearInterval(sampler);
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const rows = Math.max(0, lines - 1);
          const growth = before === null || peak === null ? null : peak - before;
          resolve({
            status,
            rows,
            seconds,
            rowsPerSecond: rows / seconds,
            rssGrowth: growth,
            met:
              status === 200 &&
              rows / seconds >= scenario.minRowsPerSecond &&
              growth !== null &&
              growth < scenario.maxRssGrowthBytes,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
    req.end();
  });
}

const mb = (bytes) => (bytes === null ? '–' : `${(bytes / 2 ** 20).toFixed(1)} MB`);

/** The report section's lines: a table of the scenarios and their verdicts. */
export function reportLines(results) {
  const out = ['## The monthly report and the exports', ''];
  out.push(
    'One request at a time against the service alone (the raw baseline has no report): latency in ms, the budget on the quantile named.',
  );
  out.push('');
  out.push('| scenario | n | p50 | p95 | p99 | budget | verdict |');
  out.push('|---|--:|--:|--:|--:|---|---|');
  for (const { scenario, result } of results.filter((r) => r.scenario.budgetMs)) {
    out.push(
      `| ${scenario.title} | ${result.n} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | p${Math.round(scenario.quantile * 100)} ≤ ${scenario.budgetMs} ms | ${result.met ? 'met' : '**missed**'} |`,
    );
  }
  for (const { scenario, result } of results.filter((r) => r.scenario.minRowsPerSecond)) {
    out.push('');
    out.push(
      `${scenario.title}: ${result.rows.toLocaleString('en-US')} rows in ${result.seconds.toFixed(1)} s, ` +
        `${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s (target ≥ ${scenario.minRowsPerSecond.toLocaleString('en-US')}), ` +
        `service RSS growth ${mb(result.rssGrowth)} (target < ${mb(scenario.maxRssGrowthBytes)}), HTTP ${result.status}: ${result.met ? 'met' : '**missed**'}.`,
    );
  }
  out.push('');
  return out;
}
