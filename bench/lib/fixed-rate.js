import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Latency at a fixed offered rate, measured open loop: request i is due at
 * start + i / rate, is sent then whether or not earlier ones have answered,
 * and its latency runs from when it was due (not from when a free connection
 * let it go), so a server that falls behind shows the queue it builds.
 * autocannon's overallRate cannot do this: it sends each second's quota in
 * one burst and times from the send.
 */
export async function fixedRateLatency(baseUrl, paths, keys, { rate, seconds }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const inFlight = [];
  const send = (i) =>
    new Promise((resolve) => {
      const due = started + (i * 1000) / rate;
      const req = request(
        `${baseUrl}${paths[i % paths.length]}`,
        { agent, headers: { authorization: `Bearer ${keys[i % keys.length]}` } },
        (res) => {
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && started + (next * 1000) / rate <= now) inFlight.push(send(next++));
    await sleep(1);
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    rate,
    sent: total,
    answered: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1),
    errors,
    non2xx,
  };
}
