import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { DayQuery } from '../../common/dto/query-validators.js';

/** The shapes a period can take; invalid days and months (2026-02-30) are invalid_period too. */
const PERIOD_PATTERN = '^(this_month|last_month|last_30_days|[0-9]{4}-[0-9]{2}(-[0-9]{2})?)$';

export class StatsQueryDto {
  // Checked by the period resolver, so that anything malformed, a repeated
  // parameter included, is `invalid_period` rather than `invalid_parameter`.
  @ApiPropertyOptional({
    type: 'string',
    pattern: PERIOD_PATTERN,
    maxLength: 12,
    example: 'last_month',
    description:
      'this_month (default), last_month, last_30_days, a month YYYY-MM or a day YYYY-MM-DD. Not together with from/to.',
  })
  @Allow()
  period?: string;

  @DayQuery(
    'First day (UTC, inclusive). Omitted while to is given: the day of the site’s earliest record.',
  )
  from?: string;

  @DayQuery('Last day (UTC, inclusive). Omitted while from is given: today (UTC).')
  to?: string;
}
