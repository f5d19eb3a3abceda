import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/**
 * Where Nest reports its own wiring at start-up: a line per module, per
 * controller and per route (about a hundred lines). They describe the
 * code, not the running service, so they are written at debug level.
 */
const WIRING_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * Nest's own logs through pino (nestjs-pino's Logger), with Nest's
 * start-up wiring demoted from info to debug: `npm start` at the default
 * level then prints what an operator reads (listening, migrations, the
 * demo key), and LOG_LEVEL=debug still shows every mapped route.
 */
@Injectable()
export class NestLog extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && WIRING_CONTEXTS.has(context)) {
      super.debug(message, ...optionalParams);
    } else {
      super.log(message, ...optionalParams);
    }
  }
}
