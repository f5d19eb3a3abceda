import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  SHAPE,
  TEN_TIMES,
  benchKeys,
  dataVersion,
  describeDataset,
  ensureDatabase,
  ensureKeys,
  generate,
  markComplete,
  vacuum,
} from './lib/dataset.js';
import { measure } from './lib/load.js';
import { describeMachine, loadAverage } from './lib/machine.js';
import { Child, MemorySampler, serviceEnvironment } from './lib/processes.js';
import {
  exportScenario,
  measureExport,
  measureReport,
  reportScenarios,
} from './lib/report-bench.js';
import { scenarios } from './lib/scenarios.js';

const USAGE = `npm run bench:scale [-- options]

The ten-times dataset (issue 25): the standard bench account (1,000 sites,
1,120,000 backlinks) and one ten times its size (5,000 sites, 10,000,000
backlinks, the largest site still 1,000,000), each generated once into a
database of its own. For each in turn the service is started as shipped on
it and asked the same: list pages, deep pages, stats, the monthly report,
the CSV export. It fails (exit 1) when a figure on the large dataset is more
than 20 % worse than on the standard one, and writes
results/scale-<UTC time>.md.

  --quick              3 s per load scenario after a 1 s warm-up (default 8 s after 2 s)
  --connections N      concurrent connections of the load scenarios (default 32)
  --anchor YYYY-MM     the datasets' last month (default: the current UTC month)
  --no-build           use the existing dist/ instead of running nest build

Environment: BENCH_DATABASE_URL (the standard dataset, shared with npm run bench; default
postgres://postgres@127.0.0.1:5432/content_api_bench), BENCH_SCALE_DATABASE_URL (default
…/content_api_bench_x10), BENCH_SERVICE_PORT (3900).`;

const root = join(import.meta.dirname, '..');
const log = (message) => console.log(`[scale] ${message}`);

/** The load scenarios compared, by id (bench/lib/scenarios.js): reads whose cost could grow with the database. */
const LOAD_IDS = [
  'sites',
  'articles-p1',
  'articles-p200',
  'article-get',
  'backlinks-p1',
  'backlinks-p5000',
  'stats-this-month',
  'stats-year',
];
/** The one-request-at-a-time report scenarios compared (bench/lib/report-bench.js). */
const REPORT_IDS = ['report-month', 'report-account'];
/** How much worse the ten-times dataset may be. */
const ALLOWED = 0.2;

function options() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      connections: { type: 'string', default: '32' },
      anchor: { type: 'string', default: new Date().toISOString().slice(0, 7) },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(values.anchor)) throw new Error('--anchor must be YYYY-MM');
  return {
    quick: values.quick,
    connections: Number(values.connections),
    anchor: values.anchor,
    build: !values['no-build'],
    duration: values.quick ? 3 : 8,
    warmup: values.quick ? 1 : 2,
  };
}

/**
 * Starts the service as shipped on one dataset (generating it first when
 * its database does not hold it), measures every compared scenario, stops
 * the service, and returns the figures by scenario id.
 */
async function measureDataset(databaseUrl, shape, opts) {
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  const adminUrl = Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString();
  const version = dataVersion(opts.anchor, shape);
  const state = await ensureDatabase(adminUrl, databaseName, version, false);
  const port = Number(process.env.BENCH_SERVICE_PORT ?? 3900);
  const base = `http://127.0.0.1:${port}`;
  const service = new Child(
    'service',
    ['docker/entrypoint.sh', process.execPath, 'dist/src/main.js'],
    {
      NODE_OPTIONS: '',
      ...serviceEnvironment({ port, databaseUrl, dataDir: join(root, 'bench/.work/data') }),
      MIGRATE_ON_START: 'true',
    },
    root,
    'sh',
  );
  const memory = new MemorySampler(service.pid);
  try {
    await service.ready(`${base}/api/v1/sites`, 300_000);
    if (state !== 'reused') {
      log(`${shape.name}: generating ${databaseName} (bulk SQL, fixed seed, once)`);
      const began = Date.now();
      await generate(databaseUrl, opts.anchor, (line) => log(`${shape.name}: ${line}`), shape);
      await markComplete(adminUrl, databaseName, version);
      log(`${shape.name}: generated in ${Math.round((Date.now() - began) / 1000)} s`);
    }
    await ensureKeys(databaseUrl);
    await vacuum(databaseUrl);
    const dataset = await describeDataset(databaseUrl);
    log(
      `${shape.name}: ${dataset.counts.sites} sites, ${dataset.counts.backlinks} backlinks, ` +
        `${dataset.counts.big_backlinks} on the largest`,
    );
    const keys = benchKeys();
    const load = { ...opts, keys, databaseUrl };
    const byId = new Map(scenarios(dataset, opts.anchor, null).map((s) => [s.id, s]));
    // Compiled code and a warm cache before anything is timed, as in npm run bench.
    await measure(base, byId.get('articles-p1'), { ...load, warmup: 0, duration: 3 });
    const figures = {};
    for (const id of LOAD_IDS) {
      const result = await measure(base, byId.get(id), load);
      figures[id] = { requestsPerSecond: result.requestsPerSecond, non2xx: result.non2xx };
      log(`${shape.name}: ${id} ${Math.round(result.requestsPerSecond)} req/s`);
    }
    for (const scenario of reportScenarios(dataset, opts.anchor)) {
      if (!REPORT_IDS.includes(scenario.id)) continue;
      const result = await measureReport(base, scenario, keys[0], opts.quick);
      figures[scenario.id] = { p50: result.p50, p95: result.p95 };
      log(`${shape.name}: ${scenario.id} p50 ${result.p50.toFixed(1)} ms`);
    }
    const exported = await measureExport(base, exportScenario(dataset), keys[0], service.pid);
    figures['export-csv'] = { rowsPerSecond: exported.rowsPerSecond, status: exported.status };
    log(`${shape.name}: export-csv ${Math.round(exported.rowsPerSecond)} rows/s`);
    return { dataset, figures, rssPeak: memory.peak };
  } finally {
    memory.stop();
    await service.stop();
  }
}

/**
 * Each figure of the large dataset against the standard one's: throughput
 * (higher is better) for loads and exports, the median latency (lower is
 * better) for the reports, one request at a time.
 */
function compare(standard, large) {
  const rows = [];
  for (const id of LOAD_IDS) {
    const [a, b] = [standard.figures[id], large.figures[id]];
    rows.push(
      row(
        id,
        'req/s',
        a.requestsPerSecond,
        b.requestsPerSecond,
        b.requestsPerSecond / a.requestsPerSecond,
        a.non2xx + b.non2xx,
      ),
    );
  }
  for (const id of REPORT_IDS) {
    const [a, b] = [standard.figures[id], large.figures[id]];
    rows.push(row(id, 'ms (p50)', a.p50, b.p50, a.p50 / b.p50, 0));
  }
  const [a, b] = [standard.figures['export-csv'], large.figures['export-csv']];
  rows.push(
    row(
      'export-csv',
      'rows/s',
      a.rowsPerSecond,
      b.rowsPerSecond,
      b.rowsPerSecond / a.rowsPerSecond,
      a.status === 200 && b.status === 200 ? 0 : 1,
    ),
  );
  return rows;
}

/** `relative`: the large dataset's figure as a share of the standard one's, where 1 is as good. */
function row(id, unit, standard, large, relative, failures) {
  return { id, unit, standard, large, relative, met: failures === 0 && relative >= 1 - ALLOWED };
}

function writeReport(rows, standard, large, machine, startedAt) {
  const at = startedAt.toISOString().slice(0, 16).replace(':', '');
  const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
  const counts = (d) =>
    `${d.counts.sites.toLocaleString('en-US')} sites, ${d.counts.articles.toLocaleString('en-US')} articles, ${d.counts.backlinks.toLocaleString('en-US')} backlinks (largest site ${d.counts.big_backlinks.toLocaleString('en-US')})`;
  const lines = [
    `# Scale: the ten-times dataset, ${at}`,
    '',
    ...Object.entries(machine).map(([name, value]) => `- ${name}: ${value}`),
    `- standard: ${counts(standard.dataset)}; service RSS peak ${Math.round(standard.rssPeak / 2 ** 20)} MB`,
    `- ten times: ${counts(large.dataset)}; service RSS peak ${Math.round(large.rssPeak / 2 ** 20)} MB`,
    '',
    `Each scenario on the largest site (the sites list and the account report over the whole account), the service started as shipped on each dataset in turn. "As good": the ten-times figure as a share of the standard one (throughput ÷ throughput, or latency ÷ latency inverted); the target is ≥ ${1 - ALLOWED}.`,
    '',
    '| scenario | unit | standard | ten times | as good | verdict |',
    '|---|---|--:|--:|--:|---|',
    ...rows.map(
      (r) =>
        `| ${r.id} | ${r.unit} | ${fmt(r.standard)} | ${fmt(r.large)} | ${r.relative.toFixed(2)} | ${r.met ? 'met' : '**missed**'} |`,
    ),
    '',
  ];
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, `bench/results/scale-${at}.md`);
  writeFileSync(file, lines.join('\n'));
  return file;
}

async function main() {
  const opts = options();
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  const standardUrl =
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/content_api_bench';
  const largeUrl =
    process.env.BENCH_SCALE_DATABASE_URL ??
    Object.assign(new URL(standardUrl), { pathname: '/content_api_bench_x10' }).toString();
  if (opts.build) {
    log('building the service (nest build)');
    if (spawnSync('npx', ['nest', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
      throw new Error('nest build failed');
  }
  const standard = await measureDataset(standardUrl, SHAPE, opts);
  const large = await measureDataset(largeUrl, TEN_TIMES, opts);
  const rows = compare(standard, large);
  const file = writeReport(
    rows,
    standard,
    large,
    await describeMachine(largeUrl, loadAtStart),
    startedAt,
  );
  for (const r of rows) log(`${r.met ? 'ok  ' : 'MISS'} ${r.id}: ${r.relative.toFixed(2)} as good`);
  log(`written ${file}`);
  if (rows.some((r) => !r.met)) process.exit(1);
}

await main();
