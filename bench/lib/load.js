import autocannon from 'autocannon';
import { waitForQuiet } from './quiet.js';

/** Scenarios the baseline answers in seconds get a longer window, so it completes enough requests to measure. */
const SLOW_MINIMUM_SECONDS = { full: 20, quick: 6 };

/**
 * One timed autocannon run of a scenario against one server. The request
 * path (and, for an edit, the body) changes per request, round-robin over
 * the scenario's paths, and so does the key, over the bench keys.
 */
export async function measure(baseUrl, scenario, options) {
  const requests = [{ method: scenario.method, setupRequest: requestMaker(scenario, options) }];
  const run = (duration) =>
    autocannon({
      url: baseUrl,
      connections: options.connections,
      duration,
      headers: { 'content-type': 'application/json' },
      requests,
      timeout: 60,
    });
  // The warm-up's requests still in flight are drained before the window opens.
  if (options.warmup > 0) {
    await run(options.warmup);
    await waitForQuiet(options.databaseUrl);
  }
  const minimum = scenario.slow ? SLOW_MINIMUM_SECONDS[options.quick ? 'quick' : 'full'] : 0;
  const result = await run(Math.max(options.duration, minimum));
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
    ),
  };
}

function requestMaker(scenario, options) {
  let next = 0;
  const authorized = (req, n) => ({
    ...req,
    headers: { ...req.headers, authorization: `Bearer ${options.keys[n % options.keys.length]}` },
  });
  if (scenario.method !== 'PUT') {
    return (req) => {
      const n = next++;
      return { ...authorized(req, n), path: scenario.paths[n % scenario.paths.length] };
    };
  }
  // A tag per run keeps every edit a real change, even over bodies a previous run left behind.
  const tag = Date.now().toString(36);
  return (req) => {
    const n = next++;
    const id = scenario.editIds[n % scenario.editIds.length];
    const stored = options.bodies.get(id);
    return {
      ...authorized(req, n),
      path: `/api/v1/articles/${id}`,
      body: JSON.stringify({ body: editedBody(stored, `${tag}-${n}`), reason: 'bench edit' }),
    };
  };
}

/** The stored body with its last paragraph rewritten: a real change that keeps every protected link. */
export function editedBody(stored, pass) {
  const edit = `<p>Reviewed again, pass ${pass}.</p>`;
  const replaced = stored.replace(/<p>[^<]*<\/p>\s*$/, edit);
  return replaced === stored ? `${stored}${edit}` : replaced;
}
