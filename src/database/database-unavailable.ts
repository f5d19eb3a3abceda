import { ServiceUnavailableError } from '../common/errors/api-error.js';
import type { ErrorTranslator } from '../common/errors/error-translators.js';

/** What a client is told to wait while PostgreSQL cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Network failures on the way to PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs of a server that is going away, not yet there, or too busy:
 * class 08 (connection exception), 57P01–57P03 (shutdown, crash, starting up),
 * 53300 (too many connections) and 57014 (statement timeout).
 */
const SERVER_STATES = /^(08\d{3}|57P0[123]|53300|57014)$/;

/** node-postgres and its pool say so in words only. */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection closed/i,
  /Query read timeout/i,
];

/**
 * Whether an error means "the database cannot be reached right now" rather
 * than "this query is wrong": such requests are answered with 503 and
 * Retry-After, and succeed again once PostgreSQL is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, driverError, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_STATES.test(code))) {
    return true;
  }
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (driverError !== undefined && driverError !== error && isDatabaseUnavailable(driverError)) {
    return true;
  }
  // Node reports a refused connection to a host with several addresses as an AggregateError.
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner));
}

/** A database that cannot be reached is the API's 503 `service_unavailable`, with Retry-After. */
export const databaseUnavailableTranslator: ErrorTranslator = {
  translate: (exception) =>
    isDatabaseUnavailable(exception)
      ? new ServiceUnavailableError(DATABASE_RETRY_AFTER_SECONDS, 'Database unavailable')
      : undefined,
};
