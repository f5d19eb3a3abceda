import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiError } from '../errors/api-error.js';

/** How long a refused client may go on sending (read and dropped) before its connection is cut. */
const LINGER_MS = 5_000;

/**
 * Writes `error` as a complete HTTP/1.1 answer, in the error envelope, on a
 * connection that no Express response owns (a request Node's parser refused,
 * a CONNECT), then closes it. Only our side is closed at once: what the
 * client still sends is read and dropped for a while, as a lingering close
 * does. Cutting the connection while its request is still arriving makes the
 * client's system reset it, and a client that writes its whole request
 * before reading (a 20 KB header followed by an upload) then loses the
 * answer with the connection.
 */
export function answerOnSocket(socket: Duplex, error: ApiError): void {
  const body = JSON.stringify({ error: error.code, message: error.message, ...error.extras });
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Request-Id': randomUUID(),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...error.headers,
    Connection: 'close',
  };
  socket.end(
    [
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      '',
      body,
    ].join('\r\n'),
  );
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
