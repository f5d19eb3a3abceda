import { ApiProperty } from '@nestjs/swagger';

export class PageMetaDto {
  @ApiProperty({ type: 'integer', example: 1 })
  page!: number;

  @ApiProperty({ type: 'integer', example: 20 })
  per_page!: number;

  @ApiProperty({ type: 'integer', example: 57, description: 'Items matching the filters.' })
  total!: number;

  @ApiProperty({ type: 'integer', example: 3, description: 'max(1, ceil(total / per_page)).' })
  last_page!: number;
}
