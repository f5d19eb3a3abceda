import { setTimeout as sleep } from 'node:timers/promises';
import { Registry, type Metric } from 'prom-client';
import { EventLoopDelayMetric } from './event-loop-delay.metric.js';

/** Holds the event loop for `ms`, as a request that never yields would. */
function holdLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe('EventLoopDelayMetric', () => {
  const metric = new EventLoopDelayMetric('test_event_loop_delay_seconds', 'help');
  afterAll(() => metric.stop());

  const bucket = (text: string, le: string) =>
    Number(
      new RegExp(
        `test_event_loop_delay_seconds_bucket\\{le="${le.replace('+', '\\+')}"\\} (\\d+)`,
      ).exec(text)?.[1],
    );

  it('counts the delay beyond the sampling interval: an idle loop is not late', async () => {
    const idle = new EventLoopDelayMetric('idle_delay_seconds', 'help');
    await sleep(300);
    const sample = (le: string) =>
      idle.get().values.find((v) => v.metricName.endsWith('_bucket') && v.labels.le === le)?.value;
    expect(sample('0.01')).toBeGreaterThan(0);
    idle.stop();
  });

  it('is a cumulative Prometheus histogram that shows a loop held for 300 ms', async () => {
    const registry = new Registry();
    registry.registerMetric(metric as unknown as Metric);
    await sleep(50);
    holdLoop(300);
    await sleep(50);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE test_event_loop_delay_seconds histogram');
    const all = bucket(text, '+Inf');
    expect(all).toBeGreaterThan(0);
    expect(bucket(text, '0.1')).toBeLessThan(all);
    expect(bucket(text, '0.005')).toBeLessThanOrEqual(bucket(text, '0.1'));
    expect(text).toMatch(/test_event_loop_delay_seconds_count \d+/);
    expect(Number(/test_event_loop_delay_seconds_sum (\S+)/.exec(text)?.[1])).toBeGreaterThan(0.25);
  });
});
