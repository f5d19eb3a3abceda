import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../errors/error-codes.js';

interface ParserRefusal {
  status: number;
  error: ErrorCode;
  message: string;
}

/** What Node's HTTP parser refused, as the envelope says it (Node's own choice of status kept). */
function refusalOf(code = ''): ParserRefusal {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        error: 'payload_too_large',
        message: 'The request headers are too large.',
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, error: 'payload_too_large', message: 'The request body is too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        error: 'validation_failed',
        message: 'The request did not arrive in time.',
      };
    default:
      return { status: 400, error: 'validation_failed', message: 'The request is malformed.' };
  }
}

/** How long a refused client gets to read the answer before its connection is cut. */
const LINGER_MS = 5_000;

/**
 * Answers the requests Node's HTTP parser refuses (malformed, headers too
 * large…) with the error envelope instead of Node's empty body. They never
 * reach the app, so they carry no rate-limit headers and are not in the
 * learning log. As in Node's own handler, nothing is written once a response
 * has started, and the connection is closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const started = (socket as { bytesWritten?: number }).bytesWritten ?? 0;
    if (error.code === 'ECONNRESET' || !socket.writable || started > 0) {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(error.code);
    const body = JSON.stringify({ error: refusal.error, message: refusal.message });
    socket.end(
      [
        `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${randomUUID()}`,
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
      () => socket.destroy(),
    );
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}
