import { ApiError } from '../errors/api-error.js';
import { DayQuery } from './query-validators.js';
import { PaginationQueryDto } from './pagination-query.dto.js';

export class InvalidDateRangeError extends ApiError {
  constructor(from: string, to: string) {
    super(422, 'invalid_date_range', `from (${from}) is later than to (${to}).`);
  }
}

export class DateRangePageQueryDto extends PaginationQueryDto {
  @DayQuery('First day (UTC, inclusive). Omitted: unbounded.')
  from?: string;

  @DayQuery('Last day (UTC, inclusive). Omitted: unbounded.')
  to?: string;
}

export function assertDateRange(from?: string, to?: string): void {
  if (from !== undefined && to !== undefined && from > to)
    throw new InvalidDateRangeError(from, to);
}
