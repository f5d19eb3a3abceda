import type { Server } from 'node:http';

/**
 * Answers clients that half-close their connection after sending a request
 * (`shutdown(SHUT_WR)`: some scripts, proxies and fuzzers do; HTTP/1.1
 * allows it). By default Node's server closes the connection as soon as the
 * client's side ends, dropping any answer still being prepared — every
 * request that waits on the database. With this setting (Node's
 * `httpAllowHalfOpen`, kept for such servers) the answer in progress is
 * sent, and the connection closed after it.
 */
export function answerHalfClosedClients(server: Server): void {
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
}
