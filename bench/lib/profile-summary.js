import { loadavg } from 'node:os';

/**
 * Where a V8 CPU profile's time went, as markdown: self time by area (the
 * service's own code, each package, Node's internals, the garbage collector)
 * and the functions with the most self time.
 */
export function summariseProfile(profile, scenario, result, heapSettings) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const intervals = profile.timeDeltas;
  for (const [index, id] of profile.samples.entries()) {
    self.set(id, (self.get(id) ?? 0) + (intervals[index + 1] ?? 0));
  }
  let total = 0;
  let idle = 0;
  const areas = new Map();
  const functions = new Map();
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id);
    total += micros;
    if (callFrame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    const area = areaOf(callFrame);
    areas.set(area, (areas.get(area) ?? 0) + micros);
    const name = `${callFrame.functionName || '(anonymous)'} ${shortUrl(callFrame.url)}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const busy = total - idle;
  const perRequest = (micros) => (result.total > 0 ? micros / 1000 / result.total : 0);
  const out = [];
  out.push(`# CPU profile: ${scenario.title}`);
  out.push('');
  out.push(
    `The service's main thread (started as \`npm start\` does, ${heapSettings}, profiler on) under \`npm run bench:profile -- --scenario ${scenario.id}\`: ` +
      `${Math.round(result.requestsPerSecond).toLocaleString('en-US')} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
      `load average ${loadavg()[0].toFixed(2)} at the end, ` +
      `${result.total.toLocaleString('en-US')} requests measured (the warm-up is in the profile too). ` +
      `Busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled; ` +
      `≈ ${perRequest(busy).toFixed(3)} ms of CPU per measured request (an upper bound: the warm-up's requests are not counted). ` +
      'The `.cpuprofile` beside this file opens in Chrome DevTools (Performance) or speedscope.app as a flame graph.',
  );
  out.push('');
  out.push('## Self time by area');
  out.push('');
  out.push('| area | ms | share of busy |');
  out.push('|---|--:|--:|');
  for (const [area, micros] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    out.push(
      `| ${area} | ${(micros / 1000).toFixed(0)} | ${((100 * micros) / busy).toFixed(1)} % |`,
    );
  }
  out.push('');
  out.push('## Functions with the most self time');
  out.push('');
  out.push('| function | ms | share of busy |');
  out.push('|---|--:|--:|');
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    out.push(
      `| \`${name.replace(/\|/g, '\\|')}\` | ${(micros / 1000).toFixed(0)} | ${((100 * micros) / busy).toFixed(1)} % |`,
    );
  }
  out.push('');
  return out.join('\n');
}

function areaOf({ functionName, url }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/dist\/src\/([^/]+)/.exec(url);
  return own ? `service: src/${own[1]}` : url;
}

function shortUrl(url) {
  if (!url) return '';
  const pkg = /node_modules\/(.*)$/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/dist\/(src\/.*)$/.exec(url);
  return own ? own[1] : url.replace(/^file:\/\//, '');
}
