import { ApiError } from '../common/errors/api-error.js';

/** A report's period its daily series cannot cover, or that has no comparison period. */
export class ReportRangeError extends ApiError {
  constructor(message: string, limit?: number) {
    super(422, 'invalid_date_range', message, limit === undefined ? {} : { limit });
  }
}
