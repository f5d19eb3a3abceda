import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedRateLatency } from './fixed-rate.js';
import { httpRequest } from './http.js';
import { measure } from './load.js';
import { Child } from './processes.js';
import { waitForQuiet } from './quiet.js';

/** The offered rate and the p99 it must stay under, for the list and for stats. */
export const FIXED_RATE = { rate: 250, p99LimitMs: 25, ids: ['articles-p1', 'stats-this-month'] };
/** Short-period stats against the HTTP floor. */
export const FLOOR = { target: 0.8, ids: ['stats-this-month', 'stats-last-30'] };

/** Open-loop latency at FIXED_RATE.rate of the list and the stats, on the service and the baseline. */
export async function measureFixedRate(servers, chosen, keys, { quick, databaseUrl }, log) {
  const results = [];
  for (const scenario of chosen.filter((s) => FIXED_RATE.ids.includes(s.id))) {
    const result = { scenario };
    for (const side of ['service', 'baseline']) {
      result[side] = await fixedRateLatency(servers[side], scenario.paths, keys, {
        rate: FIXED_RATE.rate,
        seconds: quick ? 4 : 15,
      });
      await waitForQuiet(databaseUrl);
      const r = result[side];
      log(
        `${scenario.id} at ${FIXED_RATE.rate} req/s, ${side}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms` +
          (r.errors || r.non2xx ? ` (${r.errors} errors, ${r.non2xx} non-2xx)` : ''),
      );
    }
    results.push(result);
  }
  return results;
}

/**
 * Short-period stats against the HTTP floor: a bare node:http server
 * answering the service's own bytes for the scenario from memory, measured
 * under the same load as the main table.
 */
export async function measureFloor(serviceUrl, rows, keys, opts, root, port, log) {
  const results = [];
  for (const row of rows.filter((r) => FLOOR.ids.includes(r.scenario.id) && r.service)) {
    const answer = await httpRequest(`${serviceUrl}${row.scenario.paths[0]}`, {
      headers: { authorization: `Bearer ${keys[0]}` },
    });
    const file = join(mkdtempSync(join(tmpdir(), 'bench-floor-')), 'body.json');
    writeFileSync(file, answer.body);
    const floor = new Child(
      'floor',
      ['bench/baseline/floor.js'],
      { PORT: String(port), FLOOR_BODY_FILE: file },
      root,
    );
    try {
      await floor.ready(`http://127.0.0.1:${port}/`);
      const measured = await measure(`http://127.0.0.1:${port}`, row.scenario, { ...opts, keys });
      results.push({ scenario: row.scenario, service: row.service, floor: measured });
      log(
        `${row.scenario.id} HTTP floor: ${Math.round(measured.requestsPerSecond)} req/s; service ${(row.service.requestsPerSecond / measured.requestsPerSecond).toFixed(2)}× the floor`,
      );
    } finally {
      await floor.stop();
    }
  }
  return results;
}

export function rateAndFloorVerdicts(fixedRate, floors) {
  const list = fixedRate.map((r) => ({
    target: `${r.scenario.title}: p99 < ${FIXED_RATE.p99LimitMs} ms at ${FIXED_RATE.rate} req/s (open loop)`,
    measured: `${r.service.p99.toFixed(1)} ms (baseline ${r.baseline.p99.toFixed(1)} ms)`,
    met: r.service.p99 < FIXED_RATE.p99LimitMs && r.service.errors === 0,
  }));
  for (const f of floors) {
    const ratio = f.service.requestsPerSecond / f.floor.requestsPerSecond;
    list.push({
      target: `${f.scenario.title}: service ≥ ${FLOOR.target}× the HTTP floor`,
      measured: `${ratio.toFixed(2)}× (${Math.round(f.service.requestsPerSecond)} vs ${Math.round(f.floor.requestsPerSecond)} req/s)`,
      met: ratio >= FLOOR.target,
    });
  }
  return list;
}

export function rateAndFloorLines(fixedRate, floors) {
  const out = [];
  const ms = (v) => v.toFixed(1);
  if (fixedRate.length > 0) {
    out.push(`## At a fixed rate (${FIXED_RATE.rate} requests/s, open loop)`, '');
    out.push(
      'Each request is due at its scheduled time and sent then, whatever is still in flight; its latency runs from when it was due (`bench/lib/fixed-rate.js`), so queueing shows.',
      '',
      '| scenario | service p50 | p99 | max | baseline p50 | p99 | max |',
      '|---|--:|--:|--:|--:|--:|--:|',
    );
    for (const r of fixedRate) {
      out.push(
        `| ${r.scenario.title} | ${ms(r.service.p50)} | ${ms(r.service.p99)} | ${ms(r.service.max)} | ${ms(r.baseline.p50)} | ${ms(r.baseline.p99)} | ${ms(r.baseline.max)} |`,
      );
    }
    out.push('');
  }
  if (floors.length > 0) {
    out.push('## Against the HTTP floor', '');
    out.push(
      "The floor is a bare `node:http` server answering the service's own bytes from memory (`bench/baseline/floor.js`), under the same load: the most a Node server can do here.",
      '',
      '| scenario | service req/s | floor req/s | service ÷ floor |',
      '|---|--:|--:|--:|',
    );
    for (const f of floors) {
      out.push(
        `| ${f.scenario.title} | ${Math.round(f.service.requestsPerSecond)} | ${Math.round(f.floor.requestsPerSecond)} | ${(f.service.requestsPerSecond / f.floor.requestsPerSecond).toFixed(2)}× |`,
      );
    }
    out.push('');
  }
  return out;
}
