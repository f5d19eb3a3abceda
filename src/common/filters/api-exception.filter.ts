import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  Inject,
  Logger,
  Optional,
} from '@nestjs/common';
import type { Response } from 'express';
import { ApiError, ServiceUnavailableError } from '../errors/api-error.js';
import { ERROR_TRANSLATORS, type ErrorTranslator } from '../errors/error-translators.js';
import { TOO_DEEP } from '../http/json-body-parser.js';
import { UnsupportedMediaTypeError } from '../http/protocol.errors.js';
import { MAX_JSON_DEPTH } from '../http/json-depth.js';
import type { ErrorCode } from '../errors/error-codes.js';

/** Maps every failure to the error envelope `{error, message, …}`. Nothing else writes an error body. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(
    @Optional()
    @Inject(ERROR_TRANSLATORS)
    private readonly translators: readonly ErrorTranslator[] = [],
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const error = this.toApiError(exception);
    if (error.status >= 500 && error.code === 'internal_error') {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    if (error instanceof ServiceUnavailableError && !(exception instanceof ApiError)) {
      this.logger.warn(`${error.reason}: ${(exception as Error).message}`);
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
    for (const translator of this.translators) {
      const translated = translator.translate(exception);
      if (translated) return translated;
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
  413: { code: 'payload_too_large', message: 'The request body is too large.' },
  415: {
    code: 'unsupported_media_type',
    message: 'The request body’s media type is not supported.',
  },
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
  if (exception.type === 'charset.unsupported') {
    return new UnsupportedMediaTypeError(
      'The request body’s charset is not supported: send JSON in UTF-8.',
    );
  }
  if (exception.type === 'encoding.unsupported') {
    return new UnsupportedMediaTypeError(
      'The request body’s Content-Encoding is not supported: send it uncompressed, or compressed with gzip, deflate or br.',
    );
  }
  if (exception.type === 'entity.parse.failed') {
    return new ApiError(422, 'validation_failed', 'The request body is not valid JSON.', {
      details: [{ field: 'body', message: 'is not valid JSON' }],
    });
  }
  return undefined;
}
