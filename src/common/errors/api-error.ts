import type { ErrorCode } from './error-codes.js';

export interface ProtectedLinkRef {
  type: 'backlink' | 'internal';
  href: string;
  text: string;
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** What an error adds to `{error, message}` in the envelope. */
export interface ApiErrorExtras {
  protected_links?: ProtectedLinkRef[];
  limit?: number;
  details?: FieldProblem[];
}

/**
 * The base of every error the API reports on purpose. Each module throws its
 * own subclasses; the global filter turns any of them into the envelope.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extras: ApiErrorExtras = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends ApiError {
  constructor(message = 'No such resource.') {
    super(404, 'not_found', message);
  }
}

/** The message of an `invalid_parameter` error: the parameter, then its first problem. */
export function invalidParameterMessage(field: string, problem: string): string {
  return `Invalid parameter ${field}: ${problem}`;
}

export class InvalidParameterError extends ApiError {
  constructor(field: string, message: string, limit?: number) {
    super(422, 'invalid_parameter', invalidParameterMessage(field, message), {
      details: [{ field, message }],
      ...(limit === undefined ? {} : { limit }),
    });
  }
}

export class ValidationFailedError extends ApiError {
  constructor(message: string, details: FieldProblem[], limit?: number) {
    super(422, 'validation_failed', message, {
      details,
      ...(limit === undefined ? {} : { limit }),
    });
  }
}

export class ServiceUnavailableError extends ApiError {
  /** `reason`: what is unavailable, for the server log (the client is told only to retry). */
  constructor(
    retryAfterSeconds: number,
    readonly reason = 'Unavailable',
  ) {
    super(
      503,
      'service_unavailable',
      'The service is briefly unavailable; retry shortly.',
      {},
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}
