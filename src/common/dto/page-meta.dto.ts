import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { INT64_COUNT } from '../openapi/integer-schemas.js';
import { MAX_PAGE, MAX_PER_PAGE } from '../pagination.js';

@ApiSchema({ name: 'PageMeta', description: 'Where a list page sits among all the matches.' })
export class PageMetaDto {
  @ApiProperty({ type: 'integer', format: 'int64', minimum: 1, maximum: MAX_PAGE, example: 1 })
  page!: number;

  @ApiProperty({
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: MAX_PER_PAGE,
    example: 20,
  })
  per_page!: number;

  @ApiProperty({ ...INT64_COUNT, example: 57, description: 'Items matching the filters.' })
  total!: number;

  @ApiProperty({
    ...INT64_COUNT,
    minimum: 1,
    example: 3,
    description: 'max(1, ceil(total / per_page)).',
  })
  last_page!: number;
}
