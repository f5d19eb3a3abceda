import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { httpRequest } from './lib/http.js';
import { describeMachine, loadAverage } from './lib/machine.js';
import { Child, serviceEnvironment } from './lib/processes.js';

const USAGE = `npm run bench:worst-case [-- options]

Sends the worst inputs at the size limits to the built service, one at a
time, and fails (exit 1) when one gets another status than expected, takes
longer than its time budget, or when the service's main thread ran for
longer than --loop-ms of CPU without waiting (held the event loop), as read
from /proc every 5 ms: CPU time, which a busy machine does not inflate as it
does the wall clock. The event-loop delay histogram of /metrics, a probe
answering /health/live every 10 ms and the longest tasks of a CPU profile
of the main thread are reported beside it.

  --no-build      use the existing dist/ instead of running nest build
  --loop-ms N     event-loop budget in milliseconds (default 100)
  --repeat N      send each input N times (default 3)

Environment: WORST_CASE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/content_api_worst_case,
dropped and created afresh), WORST_CASE_PORT (3902).`;

const root = join(import.meta.dirname, '..');
const log = (message) => console.log(`[worst-case] ${message}`);

const MAX_BODY = 1_000_000;
const NESTING = 256;
const fill = (unit, size = MAX_BODY) => unit.repeat(Math.floor(size / unit.length));
const PROTECTED =
  '<p>Start with our <a href="https://partner.example/services/boilers" rel="sponsored" data-service-protected="backlink">trusted partner</a>.</p>';

/**
 * The inputs, each as [name, request, expected status, budget in ms]. Bodies
 * are at the 1,000,000-character limit; each request's wall time includes
 * the worker-thread work of the largest ones.
 */
function inputs(articleId) {
  const put = (body) => ({ method: 'PUT', path: `/api/v1/articles/${articleId}`, json: { body } });
  const around = (unit) => PROTECTED + fill(unit, MAX_BODY - PROTECTED.length);
  const raw = (method, path, text) => ({ method, path, text });
  return [
    [
      '333,000 nested <b> (the stall of issue 14)',
      put(PROTECTED + '<b>'.repeat(333_000)),
      422,
      2_000,
    ],
    [
      'elements nested to the limit, over and over',
      put(around(`${'<b>'.repeat(NESTING - 1)}${'</b>'.repeat(NESTING - 1)}`)),
      200,
      8_000,
    ],
    [
      '250,000 nested <a>, which one parser closes and another nests',
      put(around('<a>x')),
      200,
      8_000,
    ],
    ['250,000 headings in headings', put(around('<h2>x')), 200, 8_000],
    ['250,000 line breaks', put(around('<br>')), 200, 8_000],
    ['200,000 entities', put(around('&amp;')), 200, 8_000],
    ['1,000,000 characters of protected links', put(fill(PROTECTED)), 422, 8_000],
    [
      'a marked element nested 255 deep around 1 MB of text',
      put(
        `${'<span data-service-protected="internal">'.repeat(NESTING - 1)}${'x'.repeat(980_000)}`,
      ),
      422,
      8_000,
    ],
    [
      'every character escaped in JSON (8 MB body)',
      raw(
        'PUT',
        `/api/v1/articles/${articleId}`,
        `{"body":${JSON.stringify(PROTECTED).slice(0, -1)}${'\\u003cbr\\u003e'.repeat(160_000)}"}`,
      ),
      200,
      8_000,
    ],
    [
      'JSON nested 1,000,000 levels',
      raw(
        'PUT',
        `/api/v1/articles/${articleId}`,
        `{"body":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`,
      ),
      422,
      2_000,
    ],
    [
      'JSON over the 8 MB limit',
      raw('PUT', `/api/v1/articles/${articleId}`, `{"body":"${'x'.repeat(9_000_000)}"}`),
      413,
      2_000,
    ],
    [
      'a 1 MB article read back',
      { method: 'GET', path: `/api/v1/articles/${articleId}` },
      200,
      5_000,
    ],
    ['NUL in a query parameter', { method: 'GET', path: '/api/v1/sites?page=%00' }, 422, 1_000],
    [
      'a featured-image url of 2,048 quotes',
      {
        method: 'POST',
        path: `/api/v1/articles/${articleId}/featured-image`,
        json: { url: `https://cdn.example/${'"'.repeat(2028)}` },
      },
      422,
      1_000,
    ],
    ['update_article over MCP with a 1 MB body', mcpEdit(articleId), 200, 8_000],
  ];
}

function mcpEdit(articleId) {
  return {
    method: 'POST',
    path: '/mcp',
    headers: { accept: 'application/json, text/event-stream' },
    json: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'update_article',
        arguments: {
          article_id: articleId,
          body: PROTECTED + fill('<p>Words in a paragraph.</p>', MAX_BODY - PROTECTED.length),
        },
      },
    },
  };
}

function options() {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      'loop-ms': { type: 'string', default: '100' },
      repeat: { type: 'string', default: '3' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    build: !values['no-build'],
    loopMs: Number(values['loop-ms']),
    repeat: Number(values.repeat),
  };
}

async function freshDatabase(url) {
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const name = pg.escapeIdentifier(new URL(url).pathname.slice(1));
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

/** An account, a key, a site and an article, inserted directly (the bench must not set itself up through the API). */
async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const key = `cbr_${createHash('sha512').update('worst case').digest('base64url').replace(/[-_]/g, 'x').slice(0, 40)}`;
  const {
    rows: [account],
  } = await client.query(
    `INSERT INTO accounts (name, plan) VALUES ('Worst Case', 'agency') RETURNING id`,
  );
  await client.query(
    `INSERT INTO api_keys (account_id, name, prefix, key_hash) VALUES ($1, 'worst case', $2, $3)`,
    [account.id, key.slice(0, 8), createHash('sha256').update(key).digest('hex')],
  );
  const {
    rows: [site],
  } = await client.query(`INSERT INTO sites (account_id, name) VALUES ($1, 'Site') RETURNING id`, [
    account.id,
  ]);
  const {
    rows: [article],
  } = await client.query(
    `INSERT INTO articles (site_id, title, url, body, word_count) VALUES ($1, 'Article', 'https://acme.example/blog/a', $2, 4) RETURNING id`,
    [site.id, PROTECTED],
  );
  await client.query(
    `INSERT INTO article_revisions (article_id, number, title, body, origin, actor) VALUES ($1, 1, 'Article', $2, 'editor', 'bench')`,
    [article.id, PROTECTED],
  );
  await client.end();
  return { key, articleId: article.id };
}

/**
 * How long the service's main thread ran without waiting for anything: every
 * 5 ms its CPU time and its count of voluntary context switches (each time it
 * slept: in epoll waiting for work, or on a lock) are read from /proc
 * (Linux). A task is a stretch of samples between which the thread never
 * slept; its length is the CPU time it used meanwhile, which, unlike the wall
 * clock, does not grow when other processes take the cores. Counting the
 * sleeps, rather than reading the thread's state at each sample, keeps two
 * tasks with a short wait between them from being read as one.
 */
function mainThreadMonitor(pid) {
  const status = `/proc/${pid}/task/${pid}/status`;
  const schedstat = `/proc/${pid}/task/${pid}/schedstat`;
  const read = () => {
    const sleeps = Number(
      /^voluntary_ctxt_switches:\s+(\d+)$/m.exec(readFileSync(status, 'utf8'))[1],
    );
    const cpuNs = Number(readFileSync(schedstat, 'utf8').split(' ')[0]);
    return { sleeps, cpuNs };
  };
  let longest = 0;
  let previous = null;
  let since = null;
  const timer = setInterval(() => {
    let now;
    try {
      now = read();
    } catch {
      return;
    }
    if (previous !== null && now.sleeps === previous.sleeps) {
      since ??= previous.cpuNs;
      longest = Math.max(longest, (now.cpuNs - since) / 1e6);
    } else {
      since = null;
    }
    previous = now;
  }, 5);
  return {
    reset: () => (longest = 0),
    longest: () => longest,
    stop: () => clearInterval(timer),
  };
}

/**
 * Pings the service every 10 ms on a connection of its own; the longest
 * answer is an upper bound of how long the event loop was held.
 */
function loopProbe(base) {
  let running = true;
  let longest = 0;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await httpRequest(`${base}/health/live`);
      longest = Math.max(longest, performance.now() - started);
      await sleep(10);
    }
  })();
  return {
    reset: () => (longest = 0),
    longest: () => longest,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** The event-loop delay histogram of /metrics: samples over the budget since the last reading. */
async function loopSamplesOver(base, budgetMs) {
  const text = (await httpRequest(`${base}/metrics`)).body;
  const bucket = (le) =>
    Number(
      new RegExp(`^content_api_event_loop_delay_seconds_bucket\\{le="${le}"\\} (\\d+)`, 'm').exec(
        text,
      )?.[1],
    );
  return { within: bucket(String(budgetMs / 1000)), all: bucket('\\+Inf') };
}

function headersTooLarge(base) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () =>
      socket.end(`GET /api/v1/sites HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => resolve(text));
    socket.on('close', () => resolve(text));
  });
}

async function main() {
  const opts = options();
  const loadAtStart = loadAverage();
  const url =
    process.env.WORST_CASE_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/content_api_worst_case';
  const port = Number(process.env.WORST_CASE_PORT ?? 3902);
  const base = `http://127.0.0.1:${port}`;
  if (opts.build) {
    log('building the service (nest build)');
    if (spawnSync('npx', ['nest', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
      throw new Error('nest build failed');
  }
  await freshDatabase(url);
  const profiles = mkdtempSync(join(tmpdir(), 'content-api-worst-case-profile-'));
  const spawnedAt = performance.now();
  // As `npm start` and the image start it: the entrypoint sizes the heap (the old generation's
  // cap and growth decide how long V8's collections hold the main thread), then execs node.
  const service = new Child(
    'service',
    [
      'docker/entrypoint.sh',
      process.execPath,
      '--cpu-prof',
      `--cpu-prof-dir=${profiles}`,
      'dist/src/main.js',
    ],
    {
      NODE_OPTIONS: '',
      ...serviceEnvironment({
        port,
        databaseUrl: url,
        dataDir: mkdtempSync(join(tmpdir(), 'content-api-worst-case-')),
      }),
    },
    root,
    'sh',
  );
  const rows = [];
  let failed = false;
  let readyAfterMs;
  let heapSettings;
  let parserOk;
  try {
    await service.ready(`${base}/health/live`, 120_000);
    readyAfterMs = performance.now() - spawnedAt;
    heapSettings = service.heapSettings();
    const { key, articleId } = await seed(url);
    const probe = loopProbe(base);
    const mainThread = mainThreadMonitor(service.pid);
    for (const [name, request, expected, budgetMs] of inputs(articleId)) {
      const times = [];
      const statuses = new Set();
      let probeMs = 0;
      let heldMs = 0;
      await loopSamplesOver(base, opts.loopMs);
      const before = await loopSamplesOver(base, opts.loopMs);
      for (let i = 0; i < opts.repeat; i++) {
        probe.reset();
        mainThread.reset();
        const started = performance.now();
        const res = await httpRequest(`${base}${request.path}`, {
          method: request.method,
          headers: {
            authorization: `Bearer ${key}`,
            ...(request.json || request.text ? { 'content-type': 'application/json' } : {}),
            ...request.headers,
          },
          body: request.json ? JSON.stringify(request.json) : request.text,
        });
        times.push(performance.now() - started);
        statuses.add(res.status);
        await sleep(50);
        probeMs = Math.max(probeMs, probe.longest());
        heldMs = Math.max(heldMs, mainThread.longest());
      }
      const after = await loopSamplesOver(base, opts.loopMs);
      const overLoop = after.all - after.within - (before.all - before.within);
      const worst = Math.max(...times);
      const ok =
        statuses.size === 1 && statuses.has(expected) && worst <= budgetMs && heldMs <= opts.loopMs;
      failed ||= !ok;
      rows.push({
        name,
        statuses: [...statuses].join(','),
        expected,
        worst,
        budgetMs,
        heldMs,
        probeMs,
        overLoop,
        ok,
      });
      log(
        `${ok ? 'ok  ' : 'FAIL'} ${name}: ${[...statuses].join(',')} in ${Math.round(worst)} ms (budget ${budgetMs}), main thread held ${Math.round(heldMs)} ms of CPU at most (budget ${opts.loopMs}); wall clock: probe ${Math.round(probeMs)} ms, loop-delay samples over ${opts.loopMs} ms: ${overLoop}`,
      );
    }
    await probe.stop();
    mainThread.stop();
    const parserAnswer = await headersTooLarge(base);
    parserOk =
      /^HTTP\/1\.1 431/.test(parserAnswer) && parserAnswer.includes('"error":"headers_too_large"');
    failed ||= !parserOk;
    log(`${parserOk ? 'ok  ' : 'FAIL'} 100 KB of headers: ${parserAnswer.split('\r\n')[0]}`);
  } finally {
    await service.stop();
  }
  const tasks = mainThreadTasks(profiles, readyAfterMs);
  writeReport(rows, opts, parserOk, tasks.slice(0, 5), {
    ...(await describeMachine(url, loadAtStart)),
    service: `\`sh docker/entrypoint.sh node dist/src/main.js\`, the shipped start (${heapSettings})`,
  });
  if (failed) {
    log('a budget was missed');
    process.exit(1);
  }
  log('every input answered within its budget, and none held the event loop past its budget');
}

/**
 * The main thread's tasks while serving, longest first: runs of consecutive
 * non-idle samples in its CPU profile (1 ms apart), after start-up, each with
 * the functions it spent most time in.
 */
function mainThreadTasks(folder, afterMs) {
  const file = readdirSync(folder).find((name) => /\.0\.\d+\.cpuprofile$/.test(name));
  if (!file) throw new Error(`no main-thread CPU profile in ${folder}`);
  const profile = JSON.parse(readFileSync(join(folder, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const tasks = [];
  let at = 0;
  let task = null;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += ms;
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') {
      if (task && task.start > afterMs) tasks.push(task);
      task = null;
      return;
    }
    task ??= { start: at, ms: 0, frames: new Map() };
    task.ms += ms;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}`;
    task.frames.set(name, (task.frames.get(name) ?? 0) + ms);
  });
  return tasks
    .sort((a, b) => b.ms - a.ms)
    .map(({ ms, frames }) => ({
      ms,
      top: [...frames]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name, spent]) => `${name} (${Math.round(spent)} ms)`),
    }));
}

function writeReport(rows, opts, parserOk, tasks, machine) {
  const at = new Date().toISOString().slice(0, 16).replace(':', '');
  const lines = [
    `# Worst-case inputs, ${at}`,
    '',
    ...Object.entries(machine).map(
      ([name, value]) => `- ${name}: ${typeof value === 'object' ? JSON.stringify(value) : value}`,
    ),
    '',
    `Each input sent ${opts.repeat} times. "Main thread held" is the longest CPU time the service's main thread ran without waiting (read from /proc every 5 ms); the event-loop budget is ${opts.loopMs} ms. The wall-clock columns (the probe's slowest answer, samples of the event-loop delay histogram over ${opts.loopMs} ms) also grow with whatever else the machine runs.`,
    '',
    `| input | status (expected) | slowest answer | budget | main thread held (CPU) | slowest probe answer | loop-delay samples over ${opts.loopMs} ms | verdict |`,
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.statuses} (${r.expected}) | ${Math.round(r.worst)} ms | ${r.budgetMs} ms | ${Math.round(r.heldMs)} ms | ${Math.round(r.probeMs)} ms | ${r.overLoop} | ${r.ok ? 'met' : 'missed'} |`,
    ),
    '',
    `100 KB of request headers: ${parserOk ? '431 in the error envelope' : 'not answered as expected'}.`,
    '',
    'Longest stretches of the main thread without idling, in its CPU profile (wall clock, for where the time went):',
    '',
    ...tasks.map((task) => `- ${Math.round(task.ms)} ms: ${task.top.join(', ')}`),
    '',
  ];
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, `bench/results/worst-case-${at}.md`), lines.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
