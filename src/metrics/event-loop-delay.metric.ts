import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Upper bounds of the buckets, in seconds: what a request can hold the loop for, up to seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** How often the loop is sampled; a delay shorter than this shows as no delay. */
const RESOLUTION_MS = 10;

interface Sample {
  value: number;
  metricName: string;
  labels: Record<string, string>;
}

/**
 * How late the event loop runs, as a Prometheus histogram: while any one
 * request holds the loop, every other waits this long. Measured by Node
 * (perf_hooks.monitorEventLoopDelay) and folded into cumulative buckets at
 * each scrape: the count of samples in a bucket is read from the interval's
 * percentiles, so it is as exact as they are. prom-client's registry reads
 * any object with a name and get(); its own histogram cannot be fed counts.
 */
export class EventLoopDelayMetric {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly monitor: IntervalHistogram = monitorEventLoopDelay({
    resolution: RESOLUTION_MS,
  });
  private readonly buckets = BUCKETS.map(() => 0);
  private count = 0;
  private sum = 0;

  constructor(
    readonly name: string,
    readonly help: string,
  ) {
    this.monitor.enable();
  }

  get(): { name: string; help: string; type: string; aggregator: string; values: Sample[] } {
    this.fold();
    const values: Sample[] = BUCKETS.map((bound, i) => ({
      value: this.buckets[i],
      metricName: `${this.name}_bucket`,
      labels: { le: String(bound) },
    }));
    values.push(
      { value: this.count, metricName: `${this.name}_bucket`, labels: { le: '+Inf' } },
      { value: this.sum, metricName: `${this.name}_sum`, labels: {} },
      { value: this.count, metricName: `${this.name}_count`, labels: {} },
    );
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    };
  }

  stop(): void {
    this.monitor.disable();
  }

  /** Adds the samples since the last scrape to the cumulative counts, then starts a new interval. */
  private fold(): void {
    const samples = this.monitor.count;
    if (samples === 0) return;
    // Node records the time between two samples, which is the resolution plus the delay.
    const resolution = RESOLUTION_MS / 1000;
    const delay = (ns: number) => Math.max(0, ns / 1e9 - resolution);
    const percentiles = [...this.monitor.percentiles].map(([rank, ns]) => [rank, delay(ns)]);
    BUCKETS.forEach((bound, i) => {
      const share = percentiles.reduce(
        (best, [rank, seconds]) => (seconds <= bound ? rank : best),
        0,
      );
      this.buckets[i] += Math.round((samples * share) / 100);
    });
    this.count += samples;
    this.sum += samples * delay(this.monitor.mean);
    this.monitor.reset();
  }
}
