import type { ApiError } from './api-error.js';

/**
 * Turns a failure raised below the API — a driver's error, a client
 * library's — into the API's typed error, or leaves it (undefined). The
 * module that owns the library provides its translator under
 * ERROR_TRANSLATORS; ApiExceptionFilter asks them in order, so the filter
 * knows typed errors only, never a driver.
 */
export interface ErrorTranslator {
  translate(exception: unknown): ApiError | undefined;
}

export const ERROR_TRANSLATORS = Symbol('content-api:error-translators');
