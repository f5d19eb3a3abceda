import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { DayQuery } from '../../common/dto/query-validators.js';

export class StatsQueryDto {
  // Checked by the period resolver, so that anything malformed, a repeated
  // parameter included, is `invalid_period` rather than `invalid_parameter`.
  @ApiPropertyOptional({
    type: 'string',
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
