import type { IncomingMessage, ServerResponse } from 'node:http';
import { levels, stdTimeFunctions, type Level } from 'pino';
import { startTime, type Options } from 'pino-http';
import type { Request } from 'express';
import type { AppConfig } from '../config/app-config.js';

/** Probes and scrapes, every few seconds per replica: not worth a line each. */
const QUIET_PATHS = /^\/(health|metrics)(\/|$|\?)/;

/** Credentials never reach the log, whichever header carries them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'req.query.token',
];

/** A set-password link's token, wherever a URL carries it. */
const URL_TOKEN = /([?&]token=)[^&#]*/g;

/** The request's URL as logged: a one-time link token is as secret as a password. */
export function loggedUrl(url: string): string {
  return url.replace(URL_TOKEN, '$1[redacted]');
}

/**
 * The level of a request's line when it ends: `error` for a 5xx or a failure,
 * `warn` for a request slower than LOG_SLOW_REQUEST_MS, `debug` for the rest.
 * The learning log already records every call (who, what, status, duration,
 * user agent) in the database, so at the default `info` stdout carries only
 * what an operator must act on; LOG_LEVEL=debug adds one compact line per
 * request.
 */
export function requestLineLevel(
  status: number,
  failed: boolean,
  ms: number,
  slowMs: number,
): Level {
  if (failed || status >= 500) return 'error';
  return ms >= slowMs ? 'warn' : 'debug';
}

/**
 * Structured JSON lines on stdout, each carrying its `request_id` (the
 * X-Request-Id the client sees): the request's line when it ends (see
 * requestLineLevel), and every log made while serving it. A line is compact:
 * method and URL, status, time taken, operation and who called — no headers.
 */
export function httpLoggerOptions(config: AppConfig): Options {
  const threshold = levels.values[config.logLevel] ?? Infinity;
  return {
    level: config.logLevel,
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({
        method: req.method,
        url: loggedUrl(req.url ?? ''),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    genReqId: (req: IncomingMessage) => String(req.headers['x-request-id']),
    customAttributeKeys: { reqId: 'request_id' },
    quietReqLogger: true,
    autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.test(req.url ?? '') },
    // 'silent' for a line below the configured level: pino-http then skips
    // building the line's bindings, which is most of what a request's log costs.
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) => {
      const started = (res as ServerResponse & { [startTime]?: number })[startTime] ?? Date.now();
      const level = requestLineLevel(
        res.statusCode,
        error !== undefined,
        Date.now() - started,
        config.logSlowRequestMs,
      );
      return levels.values[level] >= threshold ? level : 'silent';
    },
    customProps: (req: IncomingMessage) => {
      const { operationId, auth } = req as Request;
      return {
        operation: operationId,
        account_id: auth?.accountId,
        key_id: auth?.keyId,
        connection_id: auth?.connectionId ?? undefined,
      };
    },
  };
}
