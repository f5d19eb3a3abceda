import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { URL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dropImportedSite, importSite } from './lib/after-import.js';
import { compareAnswers } from './lib/compare.js';
import {
  benchKeys,
  dataVersion,
  describeDataset,
  ensureDatabase,
  ensureKeys,
  generate,
  markComplete,
  vacuum,
} from './lib/dataset.js';
import { scaleProbes, sequentialLatency } from './lib/latency.js';
import { measure } from './lib/load.js';
import { describeMachine, loadAverage } from './lib/machine.js';
import { Child, MemorySampler, serviceEnvironment, SHIPPED_LOG_LEVEL } from './lib/processes.js';
import { waitForQuiet } from './lib/quiet.js';
import { consoleTable, markdown, verdicts } from './lib/report.js';
import {
  exportScenario,
  measureExport,
  measureReport,
  reportLines,
  reportScenarios,
} from './lib/report-bench.js';
import {
  measureFixedRate,
  measureFloor,
  rateAndFloorLines,
  rateAndFloorVerdicts,
} from './lib/rate-and-floor.js';
import { scenarios, yearQuery } from './lib/scenarios.js';

const USAGE = `npm run bench [-- options]

  --quick              3 s per scenario and side after a 1 s warm-up (default 8 s after 2 s)
  --duration N         measured seconds per scenario and side
  --warmup N           warm-up seconds before each measurement
  --connections N      concurrent connections (default 32)
  --only a,b           only these scenario ids
  --fresh              regenerate the dataset even if the bench database holds it
  --anchor YYYY-MM     the dataset's last month (default: the current UTC month)
  --no-build           use the existing dist/ instead of running nest build
  --no-scale           skip the one-request-at-a-time latency on the medium and the large site
  --no-import          skip "the first minute after an import" (content-api import, then read at once)
  --no-report          skip the report scenarios (site and account report, PDF, the CSV export of 1,000,000 backlinks)
  --service-heap-mb N  start the service with NODE_OPTIONS=--max-old-space-size=N instead of the shipped heap size
  --log-level LEVEL    start the service with LOG_LEVEL=LEVEL instead of the shipped info (the result is labelled)
  --no-fixed-rate      skip the open-loop latency at 250 requests/s
  --no-floor           skip the comparison of short-period stats with the HTTP floor

Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/content_api_bench),
BENCH_SERVICE_PORT (3900), BENCH_BASELINE_PORT (3901).`;

const root = join(import.meta.dirname, '..');

function options() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string', default: '32' },
      only: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      anchor: { type: 'string', default: new Date().toISOString().slice(0, 7) },
      'no-build': { type: 'boolean', default: false },
      'no-scale': { type: 'boolean', default: false },
      'no-import': { type: 'boolean', default: false },
      'no-report': { type: 'boolean', default: false },
      'service-heap-mb': { type: 'string' },
      'log-level': { type: 'string', default: SHIPPED_LOG_LEVEL },
      'no-fixed-rate': { type: 'boolean', default: false },
      'no-floor': { type: 'boolean', default: false },
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
    duration: Number(values.duration ?? (values.quick ? 3 : 8)),
    warmup: Number(values.warmup ?? (values.quick ? 1 : 2)),
    connections: Number(values.connections),
    only: values.only?.split(',').map((id) => id.trim()),
    fresh: values.fresh,
    anchor: values.anchor,
    build: !values['no-build'],
    scale: !values['no-scale'],
    import: !values['no-import'],
    report: !values['no-report'],
    logLevel: values['log-level'],
    fixedRate: !values['no-fixed-rate'],
    floor: !values['no-floor'],
    serviceHeapMb:
      values['service-heap-mb'] === undefined ? undefined : Number(values['service-heap-mb']),
  };
}

const log = (message) => console.log(`[bench] ${message}`);

async function main() {
  const opts = options();
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  const databaseUrl =
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/content_api_bench';
  const parsed = new URL(databaseUrl);
  const databaseName = parsed.pathname.slice(1);
  const adminUrl = Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString();
  const servicePort = Number(process.env.BENCH_SERVICE_PORT ?? 3900);
  const baselinePort = Number(process.env.BENCH_BASELINE_PORT ?? 3901);

  if (opts.build) {
    log('building the service (nest build)');
    const built = spawnSync('npx', ['nest', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('nest build failed');
  }

  const version = dataVersion(opts.anchor);
  const state = await ensureDatabase(adminUrl, databaseName, version, opts.fresh);
  log(
    `database ${databaseName}: ${state === 'reused' ? 'reusing the generated dataset' : 'created'}`,
  );

  const children = [];
  try {
    // As `npm start` and the image start it: the entrypoint sizes the heap, then execs node.
    const service = new Child(
      'service',
      ['docker/entrypoint.sh', process.execPath, 'dist/src/main.js'],
      {
        NODE_OPTIONS: opts.serviceHeapMb ? `--max-old-space-size=${opts.serviceHeapMb}` : '',
        ...serviceEnvironment({
          port: servicePort,
          databaseUrl,
          dataDir: join(root, 'bench/.work/data'),
          logLevel: opts.logLevel,
        }),
        MIGRATE_ON_START: 'true',
      },
      root,
      'sh',
    );
    children.push(service);
    const serviceMemory = new MemorySampler(service.pid);
    await service.ready(`http://127.0.0.1:${servicePort}/api/v1/sites`, 120_000);
    opts.serviceHeapSettings = service.heapSettings();
    log(`service up (pid ${service.pid}, ${opts.serviceHeapSettings}), schema migrated`);

    let generation = 'reused from an earlier run';
    if (state !== 'reused') {
      log('generating the dataset (bulk SQL, fixed seed; a few minutes, once)');
      const began = Date.now();
      await generate(databaseUrl, opts.anchor, log);
      await markComplete(adminUrl, databaseName, version);
      generation = `generated in ${Math.round((Date.now() - began) / 1000)} s`;
      log(generation);
    }
    await ensureKeys(databaseUrl);
    await dropImportedSite(databaseUrl);
    const vacuumed = Date.now();
    await vacuum(databaseUrl);
    log(`vacuum (analyze): ${((Date.now() - vacuumed) / 1000).toFixed(1)} s`);
    const dataset = { ...(await describeDataset(databaseUrl)), generation };

    const baseline = new Child(
      'baseline',
      ['bench/baseline/server.js'],
      { PORT: String(baselinePort), DATABASE_URL: databaseUrl },
      root,
    );
    children.push(baseline);
    const baselineMemory = new MemorySampler(baseline.pid);
    await baseline.ready(`http://127.0.0.1:${baselinePort}/api/v1/sites`);
    log(`baseline up (pid ${baseline.pid})`);

    const servers = {
      service: `http://127.0.0.1:${servicePort}`,
      baseline: `http://127.0.0.1:${baselinePort}`,
    };
    const keys = benchKeys();
    // A few seconds of page reads on both servers before anything is measured, so the first
    // scenario measures the database as the import left it, not a process whose code V8 has
    // not compiled yet (a deployed service has served for a while when a customer imports).
    const warmUp = scenarios(dataset, opts.anchor, { siteId: 0 }).find(
      (s) => s.id === 'articles-p1',
    );
    for (const url of Object.values(servers)) {
      await measure(url, warmUp, { ...opts, keys, warmup: 0, duration: opts.quick ? 2 : 5 });
    }
    await waitForQuiet(databaseUrl);
    log('both servers warmed up (list articles page 1, vacuumed site)');
    const wanted = (scenario) => !opts.only || opts.only.includes(scenario.id);
    const imports =
      opts.import &&
      scenarios(dataset, opts.anchor, { siteId: 0 }).some((s) => s.afterImport && wanted(s));
    const imported = imports ? await importSite(databaseUrl, root, log) : undefined;
    if (imported) {
      log(
        `imported in ${imported.seconds.toFixed(1)} s; page-1 plans: ${Object.values(imported.plans).join('; ')}`,
      );
    }
    const chosen = scenarios(dataset, opts.anchor, imported).filter(wanted);
    const sanity = await compareAnswers(servers, keys[0], chosen, databaseUrl);
    for (const check of sanity) log(`same answers? ${check.id}: ${check.verdict}`);

    const rows = [];
    for (const [index, scenario] of chosen.entries()) {
      const row = { scenario };
      rows.push(row);
      const check = sanity.find((c) => c.id === scenario.id);
      if (check?.skip) {
        row.skipped = check.verdict;
        log(`${scenario.id}: skipped (${check.verdict})`);
        continue;
      }
      const order = index % 2 === 0 ? ['service', 'baseline'] : ['baseline', 'service'];
      for (const side of order) {
        const mark = serviceMemory.mark();
        const bodies =
          scenario.method === 'PUT' ? await storedBodies(databaseUrl, scenario.editIds) : undefined;
        row[side] = await measure(servers[side], scenario, { ...opts, keys, bodies, databaseUrl });
        if (side === 'service') row.servicePeak = serviceMemory.peakSince(mark);
        const drained = await waitForQuiet(databaseUrl);
        log(
          `${scenario.id} ${side}: ${Math.round(row[side].requestsPerSecond)} req/s, p50 ${row[side].p50} ms, p99 ${row[side].p99} ms` +
            (row[side].non2xx ? `, ${row[side].non2xx} non-2xx` : '') +
            (row[side].errors ? `, ${row[side].errors} errors/timeouts` : '') +
            (drained > 1_000 ? ` (backlog drained in ${Math.round(drained / 1000)} s)` : ''),
        );
      }
    }

    const scale = [];
    if (opts.scale) {
      log('scale: one request at a time on the medium and the large site');
      for (const probe of scaleProbes(dataset, yearQuery(opts.anchor).year)) {
        const row = { title: probe.title };
        for (const side of ['service', 'baseline']) {
          for (const size of ['medium', 'large']) {
            row[`${side}-${size}`] = await sequentialLatency(servers[side], probe[size], keys[0], {
              count: opts.quick ? 50 : 200,
              budgetMs: opts.quick ? 2_000 : 5_000,
            });
            await waitForQuiet(databaseUrl);
          }
        }
        scale.push(row);
        log(
          `${probe.title}: service ${row['service-medium'].p50.toFixed(2)} → ${row['service-large'].p50.toFixed(2)} ms, ` +
            `baseline ${row['baseline-medium'].p50.toFixed(2)} → ${row['baseline-large'].p50.toFixed(2)} ms (p50, medium → large)`,
        );
      }
    }

    const fixedRate = opts.fixedRate
      ? await measureFixedRate(servers, chosen, keys, { ...opts, databaseUrl }, log)
      : [];
    const floors = opts.floor
      ? await measureFloor(
          servers.service,
          rows,
          keys,
          { ...opts, databaseUrl },
          root,
          baselinePort + 1,
          log,
        )
      : [];

    const reports = [];
    if (opts.report) {
      for (const scenario of reportScenarios(dataset, opts.anchor).filter(wanted)) {
        const result = await measureReport(servers.service, scenario, keys[0], opts.quick);
        reports.push({ scenario, result });
        await waitForQuiet(databaseUrl);
        log(
          `${scenario.id}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (budget ${scenario.budgetMs} ms)`,
        );
      }
      const exported = exportScenario(dataset);
      if (wanted(exported)) {
        const result = await measureExport(servers.service, exported, keys[0], service.pid);
        reports.push({ scenario: exported, result });
        await waitForQuiet(databaseUrl);
        log(
          `${exported.id}: ${result.rows} rows in ${result.seconds.toFixed(1)} s, ${Math.round(result.rowsPerSecond)} rows/s, RSS +${((result.rssGrowth ?? 0) / 2 ** 20).toFixed(1)} MB`,
        );
      }
    }

    serviceMemory.stop();
    baselineMemory.stop();
    const machine = await describeMachine(databaseUrl, loadAtStart);
    const report = markdown({
      startedAt,
      options: opts,
      machine,
      dataset,
      sanity,
      rows,
      scale,
      imported,
      memoryPeak: serviceMemory.peak,
      baselinePeak: baselineMemory.peak,
      extraVerdicts: rateAndFloorVerdicts(fixedRate, floors),
    });
    const reportSection = [
      ...rateAndFloorLines(fixedRate, floors),
      ...(reports.length > 0 ? reportLines(reports) : []),
    ];
    console.log(`\n${consoleTable(rows)}\n`);
    if (reportSection.length > 0) console.log(reportSection.join('\n'));
    for (const v of [
      ...verdicts(rows, serviceMemory.peak),
      ...rateAndFloorVerdicts(fixedRate, floors),
    ]) {
      console.log(
        `${v.met === undefined ? '  ?' : v.met ? ' ok' : 'MISS'}  ${v.target}: ${v.measured}`,
      );
    }
    const dir = join(root, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const stamp = startedAt.toISOString().slice(0, 16).replace(':', '');
    const suffix = [
      opts.quick && 'quick',
      opts.only && 'partial',
      opts.serviceHeapMb && `heap${opts.serviceHeapMb}`,
      opts.logLevel !== SHIPPED_LOG_LEVEL && `log-${opts.logLevel}`,
    ].filter(Boolean);
    const file = join(dir, `${[stamp, ...suffix].join('-')}.md`);
    writeFileSync(file, [report, ...reportSection].join('\n'));
    log(`written ${file}`);
  } finally {
    for (const child of children.reverse()) await child.stop();
  }
}

async function storedBodies(databaseUrl, ids) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT id, body FROM articles WHERE id = ANY($1)`, [ids]);
    return new Map(rows.map((row) => [row.id, row.body]));
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
