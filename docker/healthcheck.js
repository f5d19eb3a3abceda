// The image's HEALTHCHECK: healthy while this replica is ready (PostgreSQL answers and it is not
// draining for shutdown). Kubernetes ignores it and uses the chart's probes instead.
const port = process.env.PORT ?? '3000';
const answer = await fetch(`http://127.0.0.1:${port}/health/ready`, {
  signal: AbortSignal.timeout(2_500),
}).catch(() => undefined);
process.exit(answer?.status === 200 ? 0 : 1);
