import { ApiProperty } from '@nestjs/swagger';

export class StatsDto {
  @ApiProperty({ type: 'integer', example: 12 })
  site_id!: number;

  @ApiProperty({
    type: 'string',
    format: 'date',
    example: '2026-10-01',
    description: 'First day of the resolved range (UTC, inclusive).',
  })
  from!: string;

  @ApiProperty({
    type: 'string',
    format: 'date',
    example: '2026-10-31',
    description: 'Last day of the resolved range (UTC, inclusive).',
  })
  to!: string;

  @ApiProperty({
    type: 'integer',
    example: 8,
    description: 'Articles whose published_at falls in the range, whatever their status.',
  })
  articles_published!: number;

  @ApiProperty({
    type: 'integer',
    example: 23,
    description:
      'Backlinks whose acquired_at falls in the range: backlinks_industry + backlinks_local.',
  })
  backlinks_acquired!: number;

  @ApiProperty({ type: 'integer', example: 15 })
  backlinks_industry!: number;

  @ApiProperty({ type: 'integer', example: 8 })
  backlinks_local!: number;
}

export class StatsResponseDto {
  @ApiProperty({ type: StatsDto })
  data!: StatsDto;
}
