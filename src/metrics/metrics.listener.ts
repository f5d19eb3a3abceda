import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MetricsService } from './metrics.service.js';

/**
 * With METRICS_PORT, /metrics on a listener of its own: scrapers reach the
 * pod's metrics port while the Service and Ingress route only the API port.
 * Started by main once the app listens; the CLI never starts it.
 */
@Injectable()
export class MetricsListener implements OnApplicationShutdown {
  private server: Server | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async listen(): Promise<void> {
    const port = this.config.metricsPort;
    if (port === undefined) return;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: try /metrics\n');
        return;
      }
      this.metrics.registry.metrics().then(
        (text) =>
          res
            .writeHead(200, {
              'Content-Type': this.metrics.registry.contentType,
              'Cache-Control': 'no-store',
            })
            .end(text),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.host, resolve);
    });
    this.server = server;
    new Logger('Metrics').log(`Prometheus metrics on port ${port} at /metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
