import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { INT32_ID, INT64_COUNT } from '../../common/openapi/integer-schemas.js';

@ApiSchema({ name: 'Stats', description: 'Counts for a range of days on one website.' })
export class StatsDto {
  @ApiProperty({ ...INT32_ID, example: 12 })
  site_id!: number;

  @ApiProperty({
    type: 'string',
    format: 'date',
    maxLength: 10,
    example: '2026-10-01',
    description: 'First day of the resolved range (UTC, inclusive).',
  })
  from!: string;

  @ApiProperty({
    type: 'string',
    format: 'date',
    maxLength: 10,
    example: '2026-10-31',
    description: 'Last day of the resolved range (UTC, inclusive).',
  })
  to!: string;

  @ApiProperty({
    ...INT64_COUNT,
    example: 8,
    description: 'Articles whose published_at falls in the range, whatever their status.',
  })
  articles_published!: number;

  @ApiProperty({
    ...INT64_COUNT,
    example: 23,
    description:
      'Backlinks whose acquired_at falls in the range: backlinks_industry + backlinks_local.',
  })
  backlinks_acquired!: number;

  @ApiProperty({ ...INT64_COUNT, example: 15, description: 'Backlinks of category industry.' })
  backlinks_industry!: number;

  @ApiProperty({ ...INT64_COUNT, example: 8, description: 'Backlinks of category local.' })
  backlinks_local!: number;
}

@ApiSchema({ name: 'StatsResponse', description: 'The counts of one website for a period.' })
export class StatsResponseDto {
  @ApiProperty({ type: StatsDto })
  data!: StatsDto;
}
