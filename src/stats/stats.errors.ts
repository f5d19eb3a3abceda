import { ApiError } from '../common/errors/api-error.js';

export class InvalidPeriodError extends ApiError {
  constructor(period: unknown) {
    super(
      422,
      'invalid_period',
      `Unknown period ${JSON.stringify(period)}: use this_month, last_month, last_30_days, YYYY-MM or YYYY-MM-DD.`,
    );
  }
}

export class ConflictingParametersError extends ApiError {
  constructor() {
    super(422, 'conflicting_parameters', 'Give either period or from/to, not both.');
  }
}
