import { connect } from 'node:net';

/** How a raw client sends its request. */
export interface RawSending {
  /**
   * Half-close after the request (`socket.end`), as some clients and fuzzers
   * do; by default the write side stays open until the server closes.
   */
  halfClose?: boolean;
  /**
   * Bytes sent after the request, in 16 KiB writes, before anything is read:
   * a client that writes its whole upload before it reads (a blocking
   * `sendall`), still sending when the server has already answered.
   */
  thenSend?: number;
}

/**
 * Sends raw bytes to the server and returns everything that came back before
 * the connection closed ('' when the server closed it without an answer).
 */
export function rawExchange(baseUrl: string, bytes: string, sending: RawSending = {}) {
  const { hostname, port } = new URL(baseUrl);
  const { halfClose = false, thenSend = 0 } = sending;
  return new Promise<string>((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    // Nothing is read until everything is written.
    socket.pause();
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    // A reset while writing is what a client of a dropped connection sees: no answer.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    socket.on('connect', () => void send());

    async function send(): Promise<void> {
      socket.write(bytes);
      for (let sent = 0; sent < thenSend && !socket.destroyed; sent += 16_384) {
        if (!socket.write(Buffer.alloc(16_384, 'x')))
          await new Promise((drained) => socket.once('drain', drained));
      }
      if (halfClose && !socket.destroyed) socket.end();
      socket.resume();
    }
  });
}

export interface RawAnswer {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
}

/** The status line, headers and body (de-chunked) of one HTTP/1.1 answer. */
export function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const content = end === -1 ? '' : text.slice(end + 4);
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? NaN),
    headers,
    body: headers['transfer-encoding'] === 'chunked' ? dechunked(content) : content,
  };
}

/** A chunked body's data: each chunk is its size in hex, CRLF, the data, CRLF; size 0 ends it. */
function dechunked(content: string): string {
  let body = '';
  for (let at = 0; ;) {
    const lineEnd = content.indexOf('\r\n', at);
    const size = parseInt(content.slice(at, lineEnd), 16);
    if (lineEnd === -1 || !(size > 0)) return body;
    body += content.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}
