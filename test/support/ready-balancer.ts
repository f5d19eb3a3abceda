import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const POLL_EVERY_MS = 250;
const PROBE_TIMEOUT_MS = 1_000;

/**
 * A round-robin HTTP load balancer that routes only to backends whose
 * `/health/ready` last answered 200, polled every 250 ms, as a Kubernetes
 * Service routes only to ready endpoints. It never retries: a request that a
 * backend drops is a failed request for the client, as it would be through
 * kube-proxy.
 */
export class ReadyBalancer {
  private readonly backends = new Map<number, { ready: boolean }>();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private readonly server: Server;
  private poller: NodeJS.Timeout | undefined;
  private next = 0;

  private constructor() {
    this.server = createServer((req, res) => {
      const ready = [...this.backends].filter(([, state]) => state.ready).map(([port]) => port);
      if (ready.length === 0) {
        res.writeHead(503).end('no ready backend');
        return;
      }
      const port = ready[this.next++ % ready.length];
      const upstream = request(
        {
          host: '127.0.0.1',
          port,
          method: req.method,
          path: req.url,
          headers: req.headers,
          agent: this.agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502).end(`backend ${port}: ${error.message}`);
        else res.destroy(error);
      });
      req.pipe(upstream);
    });
  }

  static async start(): Promise<ReadyBalancer> {
    const balancer = new ReadyBalancer();
    await new Promise<void>((resolve) => balancer.server.listen(0, '127.0.0.1', resolve));
    balancer.poller = setInterval(() => void balancer.probeAll(), POLL_EVERY_MS);
    return balancer;
  }

  get base(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Adds a backend, routed to once its readiness has answered 200. */
  add(port: number): void {
    this.backends.set(port, { ready: false });
  }

  remove(port: number): void {
    this.backends.delete(port);
  }

  isRouting(port: number): boolean {
    return this.backends.get(port)?.ready ?? false;
  }

  async close(): Promise<void> {
    clearInterval(this.poller);
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async probeAll(): Promise<void> {
    await Promise.all(
      [...this.backends].map(async ([port, state]) => {
        try {
          const answer = await fetch(`http://127.0.0.1:${port}/health/ready`, {
            signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
          });
          await answer.arrayBuffer();
          state.ready = answer.status === 200;
        } catch {
          state.ready = false;
        }
      }),
    );
  }
}
