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
];

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
    serializers: { res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }) },
    genReqId: (req: IncomingMessage) => String(req.headers['x-request-id']),
    customAttributeKeys: { reqId: 'request_id' },
    quietReqLogger: true,
    autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.test(req.url ?? '') },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customProps: (req: IncomingMessage) => {
      const { operationId, auth } = req as Request;
      return { operation: operationId, account_id: auth?.accountId, key_id: auth?.keyId };
    },
  };
}
