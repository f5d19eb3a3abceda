import { Duplex } from 'node:stream';

/**
 * One end of an in-memory connection: what it writes, the other end reads.
 * Node's HTTP server accepts any Duplex as a connection (its documented
 * 'connection' event), which lets the hosted agent server send a real HTTP
 * request through the app's own server without a network hop.
 */
export class SocketEnd extends Duplex {
  peer: SocketEnd | undefined;

  constructor(
    /** Seen by the receiving server as the client's address (req.ip). */
    readonly remoteAddress: string | undefined,
  ) {
    super();
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    this.peer?.push(chunk);
    done();
  }

  override _final(done: (error?: Error) => void): void {
    this.peer?.push(null);
    done();
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    if (this.peer !== undefined && !this.peer.destroyed) this.peer.destroy();
    done(error);
  }

  // The parts of net.Socket an HTTP server or client may call on a connection.
  setTimeout(): this {
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }
}

/** A connected pair: `[server side, client side]`. */
export function socketPair(clientAddress: string | undefined): [SocketEnd, SocketEnd] {
  const serverSide = new SocketEnd(clientAddress);
  const clientSide = new SocketEnd(undefined);
  serverSide.peer = clientSide;
  clientSide.peer = serverSide;
  return [serverSide, clientSide];
}
