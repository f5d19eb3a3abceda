import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AppRoutes } from './app-routes.js';
import { MethodNotAllowedError } from './protocol.errors.js';
import { answerOnSocket } from './raw-answer.js';

/**
 * Answers CONNECT, which asks for a tunnel, as what it is here: a method no
 * path of the service has (405 `method_not_allowed`, `Allow` listing the
 * methods of the target when it is one of our paths). Node hands CONNECT to
 * `connect` listeners only, and without one drops the connection unanswered.
 * Like a parser refusal it never reaches the app: no rate-limit headers, no
 * learning-log row.
 */
export function answerConnectRequests(server: Server, routes: AppRoutes): void {
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const path = (req.url ?? '').split('?')[0];
    // What the client sends after its request is read and dropped until the connection closes.
    socket.resume();
    answerOnSocket(socket, new MethodNotAllowedError('CONNECT', routes.methodsAt(path)));
  });
}
