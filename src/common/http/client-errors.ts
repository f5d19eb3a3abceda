import { maxHeaderSize, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '../errors/api-error.js';
import { MalformedRequestError } from './protocol.errors.js';
import { answerOnSocket } from './raw-answer.js';

/**
 * What Node's HTTP parser refused, as the envelope says it, with Node's own
 * status — except over-long chunk extensions, which Node calls 413: that is
 * framing gone wrong, not a body too large, so it is a malformed request.
 */
function refusalOf(code = ''): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      // The request line counts: an over-long query string ends here too.
      return new ApiError(
        431,
        'headers_too_large',
        `The request line and headers together are over ${maxHeaderSize} bytes.`,
        { limit: maxHeaderSize },
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'request_timeout', 'The request did not arrive in time.');
    default:
      return new MalformedRequestError('The request is not well-formed HTTP/1.1.');
  }
}

/**
 * Answers the requests Node's HTTP parser refuses (malformed, headers too
 * large, too slow) with the error envelope instead of Node's empty body.
 * They never reach the app, so they carry no rate-limit headers and are not
 * in the learning log. As in Node's own handler, nothing is written once a
 * response has started. The parser reports every later chunk of a refused
 * connection again; those are the lingering reads of answerOnSocket.
 */
export function answerClientErrors(server: Server): void {
  const refused = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (refused.has(socket)) return;
    refused.add(socket);
    const started = (socket as { bytesWritten?: number }).bytesWritten ?? 0;
    if (error.code === 'ECONNRESET' || !socket.writable || started > 0) {
      socket.destroy();
      return;
    }
    answerOnSocket(socket, refusalOf(error.code));
  });
}
