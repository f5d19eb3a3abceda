import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { isDatabaseUnavailable } from '../../database/database-unavailable.js';
import { ApiError, ServiceUnavailableError } from '../errors/api-error.js';
import { TOO_DEEP } from '../http/json-body-parser.js';
import { MAX_JSON_DEPTH } from '../http/json-depth.js';
import type { ErrorCode } from '../errors/error-codes.js';

/** What a client is told to wait while PostgreSQL cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Maps every failure to the error envelope `{error, message, …}`. Nothing else writes an error body. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const error = this.toApiError(exception);
    if (error.status >= 500 && error.code === 'internal_error') {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (error.code === 'service_unavailable' && !(exception instanceof ApiError)) {
      this.logger.warn(`Database unavailable: ${(exception as Error).message}`);
    }
    // For the learning log, which records the call once its response has ended.
    res.locals.errorCode = error.code;
    if (res.headersSent) return;
    res.status(error.status);
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    res.json({ error: error.code, message: error.message, ...error.extras });
  }

  private toApiError(exception: unknown): ApiError {
    if (exception instanceof ApiError) return exception;
    // Nest's Express adapter wraps the body parser's errors (http-errors) in an HttpException.
    const cause = exception instanceof HttpException ? exception.cause : exception;
    const fromParser = isBodyParserError(cause) ? fromBodyParser(cause) : undefined;
    if (fromParser) return fromParser;
    if (exception instanceof HttpException) return fromHttpException(exception);
    if (isDatabaseUnavailable(exception)) {
      return new ServiceUnavailableError(DATABASE_RETRY_AFTER_SECONDS);
    }
    return new ApiError(
      500,
      'internal_error',
      'Something went wrong on our side; it has been logged.',
    );
  }
}

const BY_STATUS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'validation_failed', message: 'The request is malformed.' },
  404: { code: 'not_found', message: 'No such endpoint.' },
  405: { code: 'not_found', message: 'No such endpoint.' },
  413: { code: 'payload_too_large', message: 'The request body is too large.' },
  415: { code: 'validation_failed', message: 'Unsupported content type.' },
};

function fromHttpException(exception: HttpException): ApiError {
  const status = exception.getStatus();
  const known = BY_STATUS[status];
  if (known) return new ApiError(status === 400 ? 422 : status, known.code, known.message);
  if (status >= 500)
    return new ApiError(
      500,
      'internal_error',
      'Something went wrong on our side; it has been logged.',
    );
  return new ApiError(status, 'validation_failed', exception.message);
}

interface BodyParserError {
  type: string;
  status: number;
}

function isBodyParserError(exception: unknown): exception is BodyParserError {
  return (
    typeof exception === 'object' &&
    exception !== null &&
    typeof (exception as BodyParserError).type === 'string' &&
    typeof (exception as BodyParserError).status === 'number'
  );
}

function fromBodyParser(exception: BodyParserError): ApiError | undefined {
  if (exception.type === 'entity.too.large') {
    return new ApiError(413, 'payload_too_large', 'The request body is too large.');
  }
  if (exception.type === TOO_DEEP) {
    const problem = `nests deeper than ${MAX_JSON_DEPTH} levels`;
    return new ApiError(422, 'validation_failed', `The request body ${problem}.`, {
      details: [{ field: 'body', message: problem }],
      limit: MAX_JSON_DEPTH,
    });
  }
  if (exception.type === 'entity.parse.failed') {
    return new ApiError(422, 'validation_failed', 'The request body is not valid JSON.', {
      details: [{ field: 'body', message: 'is not valid JSON' }],
    });
  }
  return undefined;
}
