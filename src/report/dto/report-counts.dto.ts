import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { INT64_COUNT } from '../../common/openapi/integer-schemas.js';
import { COMPARISONS } from '../comparison-period.js';

const DAY = { type: 'string', format: 'date', maxLength: 10 } as const;

/** The range of days a report covers, resolved. */
@ApiSchema({ name: 'ReportPeriod', description: 'A range of inclusive UTC calendar days.' })
export class ReportPeriodDto {
  @ApiProperty({ ...DAY, example: '2026-10-01', description: 'First day (UTC, inclusive).' })
  from!: string;

  @ApiProperty({ ...DAY, example: '2026-10-31', description: 'Last day (UTC, inclusive).' })
  to!: string;

  @ApiProperty({ ...INT64_COUNT, minimum: 1, example: 31, description: 'Days in the range.' })
  days!: number;
}

@ApiSchema({
  name: 'ReportComparison',
  description: 'The period the report compares with, and how it was chosen.',
})
export class ReportComparisonDto extends ReportPeriodDto {
  @ApiProperty({ enum: COMPARISONS.filter((kind) => kind !== 'none'), example: 'previous_period' })
  kind!: 'previous_period' | 'previous_year';
}

/** The four counts of Stats, without the site and the range. */
@ApiSchema({
  name: 'ReportCounts',
  description:
    'The four counts of Stats for a period: articles published, backlinks acquired = industry + local.',
})
export class ReportCountsDto {
  @ApiProperty({ ...INT64_COUNT, example: 8 })
  articles_published!: number;

  @ApiProperty({ ...INT64_COUNT, example: 23 })
  backlinks_acquired!: number;

  @ApiProperty({ ...INT64_COUNT, example: 15 })
  backlinks_industry!: number;

  @ApiProperty({ ...INT64_COUNT, example: 8 })
  backlinks_local!: number;
}

@ApiSchema({ name: 'ReportChange', description: 'How a count changed from the comparison period.' })
export class ReportChangeDto {
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    minimum: -Number.MAX_SAFE_INTEGER,
    maximum: Number.MAX_SAFE_INTEGER,
    example: 5,
    description: 'The count minus the comparison period’s.',
  })
  absolute!: number;

  @ApiProperty({
    type: 'number',
    format: 'double',
    nullable: true,
    example: 27.8,
    description:
      'The change in percent of the comparison period’s count, rounded to one decimal; null when that count is 0.',
  })
  percent!: number | null;
}

@ApiSchema({ name: 'ReportChanges', description: 'The change of each of the four counts.' })
export class ReportChangesDto {
  @ApiProperty({ type: ReportChangeDto })
  articles_published!: ReportChangeDto;

  @ApiProperty({ type: ReportChangeDto })
  backlinks_acquired!: ReportChangeDto;

  @ApiProperty({ type: ReportChangeDto })
  backlinks_industry!: ReportChangeDto;

  @ApiProperty({ type: ReportChangeDto })
  backlinks_local!: ReportChangeDto;
}
