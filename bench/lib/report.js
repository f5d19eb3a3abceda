import { KEY_COUNT } from './dataset.js';

/** The targets of the issue, checked against one run's figures. */
export const MEMORY_LIMIT_BYTES = 300 * 2 ** 20;

const mb = (bytes) =>
  bytes === null || bytes === undefined ? '–' : `${(bytes / 2 ** 20).toFixed(0)} MB`;
const rps = (value) => (value === undefined ? '–' : Math.round(value).toLocaleString('en-US'));
const ms = (value) => (value === undefined ? '–' : `${value}`);

export function ratioOf(row) {
  if (!row.service || !row.baseline || row.baseline.requestsPerSecond === 0) return undefined;
  return row.service.requestsPerSecond / row.baseline.requestsPerSecond;
}

const ratioText = (ratio) => (ratio === undefined ? '–' : `${ratio.toFixed(2)}×`);

/** One verdict per target: the figure, the limit, met or not. */
export function verdicts(rows, memoryPeak) {
  const list = [];
  for (const row of rows) {
    if (row.scenario.target === undefined) continue;
    const ratio = ratioOf(row);
    list.push({
      target: `${row.scenario.title}: service ≥ ${row.scenario.target}× baseline`,
      measured: ratioText(ratio),
      met: ratio === undefined ? undefined : ratio >= row.scenario.target,
    });
  }
  list.push({
    target: `service memory (RSS) < ${mb(MEMORY_LIMIT_BYTES)} through the run`,
    measured: `peak ${mb(memoryPeak)}`,
    met: memoryPeak === null ? undefined : memoryPeak < MEMORY_LIMIT_BYTES,
  });
  return list;
}

const verdictText = (met) => (met === undefined ? 'not measured' : met ? 'met' : '**missed**');

function notes(side) {
  if (!side) return '';
  const parts = [];
  if (side.non2xx > 0) {
    const codes = Object.entries(side.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, count]) => `${count}×${code}`);
    parts.push(`non-2xx: ${codes.join(', ')}`);
  }
  if (side.errors > 0) parts.push(`${side.errors} errors/timeouts`);
  return parts.join('; ');
}

export function consoleTable(rows) {
  const header = ['scenario', 'service rps', 'p50', 'p99', 'baseline rps', 'p50', 'p99', 'ratio'];
  const lines = rows.map((row) => [
    row.scenario.id,
    rps(row.service?.requestsPerSecond),
    ms(row.service?.p50),
    ms(row.service?.p99),
    rps(row.baseline?.requestsPerSecond),
    ms(row.baseline?.p50),
    ms(row.baseline?.p99),
    row.skipped ?? ratioText(ratioOf(row)),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...lines.map((line) => String(line[i]).length)),
  );
  const format = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join(
    '\n',
  );
}

export function markdown({
  startedAt,
  options,
  machine,
  dataset,
  sanity,
  rows,
  scale,
  imported,
  memoryPeak,
  baselinePeak,
  extraVerdicts = [],
}) {
  const out = [];
  out.push(
    `# Bench run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC${options.quick ? ' (quick)' : ''}`,
  );
  out.push('');
  out.push('Produced by `npm run bench` (`bench/run.js`). Service and raw baseline were');
  out.push('measured alternately in this one run, against the same database, with the');
  out.push('load generator (autocannon) on the same machine.');
  out.push('');
  out.push('## Machine');
  out.push('');
  for (const [name, value] of Object.entries(machine)) out.push(`- ${name}: ${value}`);
  out.push(
    `- load: ${options.connections} connections; per scenario and side a ${options.warmup} s warm-up, a pause until PostgreSQL is idle, then ${options.duration} s measured (${options.quick ? 6 : 20} s for the scenarios where the baseline needs seconds per request); ${KEY_COUNT} keys of the account in turn`,
  );
  out.push(
    `- service: \`sh docker/entrypoint.sh node dist/src/main.js\` (${options.serviceHeapMb ? 'heap set with --service-heap-mb' : 'the shipped start, as `npm start` and the image'}: ${options.serviceHeapSettings}), LOG_LEVEL=${options.logLevel}${options.logLevel === 'info' ? ' (the shipped default)' : ' (**not the shipped configuration**: set with --log-level)'}, rate and edit limits 1,000,000, no Redis`,
  );
  out.push('');
  out.push('## Results');
  out.push('');
  out.push(
    'Requests per second (mean of the per-second samples), latency in ms, ratio = service ÷ baseline.',
  );
  out.push('');
  out.push(
    '| scenario | service req/s | p50 | p99 | baseline req/s | p50 | p99 | ratio | service RSS peak | notes |',
  );
  out.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const row of rows) {
    const remarks = [
      row.skipped,
      notes(row.service) && `service ${notes(row.service)}`,
      notes(row.baseline) && `baseline ${notes(row.baseline)}`,
    ].filter(Boolean);
    out.push(
      `| ${row.scenario.title} | ${rps(row.service?.requestsPerSecond)} | ${ms(row.service?.p50)} | ${ms(row.service?.p99)} | ${rps(row.baseline?.requestsPerSecond)} | ${ms(row.baseline?.p50)} | ${ms(row.baseline?.p99)} | ${ratioText(ratioOf(row))} | ${mb(row.servicePeak)} | ${remarks.join('; ')} |`,
    );
  }
  out.push('');
  out.push(`Peak RSS through the run: service ${mb(memoryPeak)}, baseline ${mb(baselinePeak)}.`);
  out.push('');
  out.push('## Targets');
  out.push('');
  out.push('| target | measured | verdict |');
  out.push('|---|---|---|');
  for (const v of [...verdicts(rows, memoryPeak), ...extraVerdicts])
    out.push(`| ${v.target} | ${v.measured} | ${verdictText(v.met)} |`);
  out.push('');
  if (imported) {
    out.push('## The first minute after an import');
    out.push('');
    out.push(
      `The "just imported" scenarios ran first, on a site written by \`content-api import\` ` +
        `(${imported.articles.toLocaleString('en-US')} articles, ${imported.backlinks.toLocaleString('en-US')} backlinks; ` +
        `${imported.seconds.toFixed(1)} s, the command's own VACUUM (ANALYZE) of what it wrote included) and read as soon as the command returned: ` +
        "the bench vacuumed nothing in between. At that moment PostgreSQL planned a plain first page of each list (`SELECT * … ORDER BY … LIMIT 100`: whether the planner knows the new rows, not the service's own statement) as:",
    );
    out.push('');
    for (const [list, plan] of Object.entries(imported.plans)) out.push(`- ${list}: \`${plan}\``);
    out.push('');
  }
  if (scale.length > 0) {
    const c = dataset.counts;
    const cell = (m) => `${m.p50.toFixed(2)} / ${m.p99.toFixed(2)}`;
    out.push('## Scale: one request at a time');
    out.push('');
    out.push(
      `Latency in ms (p50 / p99) of single requests on one kept-alive connection, on the medium site ` +
        `(${c.medium_articles.toLocaleString('en-US')} articles, ${c.medium_backlinks.toLocaleString('en-US')} backlinks) ` +
        `and the large one (${c.big_articles.toLocaleString('en-US')} articles, ${c.big_backlinks.toLocaleString('en-US')} backlinks), 100 per page.`,
    );
    out.push('');
    out.push('| request | service, medium | service, large | baseline, medium | baseline, large |');
    out.push('|---|--:|--:|--:|--:|');
    for (const row of scale) {
      out.push(
        `| ${row.title} | ${cell(row['service-medium'])} | ${cell(row['service-large'])} | ${cell(row['baseline-medium'])} | ${cell(row['baseline-large'])} |`,
      );
    }
    out.push('');
  }
  out.push('## Same answers');
  out.push('');
  out.push(
    "Before timing, each read scenario's first request was sent to both servers and the JSON compared.",
  );
  out.push('');
  for (const check of sanity) out.push(`- ${check.id}: ${check.verdict}`);
  out.push('');
  out.push('## Dataset');
  out.push('');
  const c = dataset.counts;
  out.push(
    `${c.sites.toLocaleString('en-US')} sites, ${c.articles.toLocaleString('en-US')} articles, ${c.backlinks.toLocaleString('en-US')} backlinks. ` +
      `Large site: ${c.big_articles.toLocaleString('en-US')} articles (mean body ${c.avg_body_bytes.toLocaleString('en-US')} bytes), ${c.big_backlinks.toLocaleString('en-US')} backlinks over 36 months. ` +
      `Medium site: ${c.medium_articles.toLocaleString('en-US')} articles, ${c.medium_backlinks.toLocaleString('en-US')} backlinks. Anchor month ${options.anchor} (${dataset.generation}).`,
  );
  out.push('');
  out.push('| table | rows (estimate) | table + TOAST | indexes |');
  out.push('|---|--:|--:|--:|');
  for (const t of dataset.tables) {
    out.push(
      `| ${t.name} | ${t.estimatedRows.toLocaleString('en-US')} | ${mb(t.tableBytes)} | ${mb(t.indexBytes)} |`,
    );
  }
  out.push('');
  return out.join('\n');
}
