import type { IncomingMessage } from 'node:http';
import { stdTimeFunctions } from 'pino';
import type { Options } from 'pino-http';
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
 * Structured JSON lines on stdout: one per request when it ends, plus every
 * log made while serving it, all carrying its `request_id` (the X-Request-Id
 * the client sees).
 */
export function httpLoggerOptions(config: AppConfig): Options {
  return {
    level: config.logLevel,
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { url?: string }) => ({ ...req, url: loggedUrl(req.url ?? '') }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    genReqId: (req: IncomingMessage) => String(req.headers['x-request-id']),
    customAttributeKeys: { reqId: 'request_id' },
    quietReqLogger: true,
    autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.test(req.url ?? '') },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
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
