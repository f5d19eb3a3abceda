import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PageMetaDto } from '../../../common/dto/page-meta.dto.js';
import { INT32_ID } from '../../../common/openapi/integer-schemas.js';
import { UTC_SECONDS_PATTERN } from '../../../common/dates.js';
import { ListData } from '../../../common/openapi/list-data.decorator.js';
import { MAX_ID } from '../../../common/http/id-param.pipe.js';

export const ARTICLE_STATUS_EXAMPLES = ['draft', 'scheduled', 'published', 'unpublished'] as const;

@ApiSchema({
  name: 'Article',
  description: 'An article published for a website, without its body.',
})
export class ArticleDto {
  @ApiProperty({ ...INT32_ID, example: 4211 })
  id!: number;

  @ApiProperty({ ...INT32_ID, example: 12, description: 'The website it belongs to.' })
  site_id!: number;

  @ApiProperty({ type: String, nullable: true, example: 'How to bleed a radiator' })
  title!: string | null;

  @ApiProperty({
    type: String,
    format: 'uri',
    nullable: true,
    example: 'https://acme-plumbing.example/blog/bleed-a-radiator',
  })
  url!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'published',
    description: `A free string. Values the platform writes: ${ARTICLE_STATUS_EXAMPLES.join(', ')}.`,
  })
  status!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    pattern: UTC_SECONDS_PATTERN,
    maxLength: 20,
    nullable: true,
    example: '2026-11-03T09:30:00Z',
    description: 'RFC 3339 in UTC, whole seconds.',
  })
  published_at!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'bleed radiator',
    description: 'The target search term.',
  })
  target_keyword!: string | null;

  @ApiProperty({
    type: 'integer',
    format: 'int32',
    minimum: 0,
    maximum: MAX_ID,
    nullable: true,
    example: 1240,
  })
  word_count!: number | null;

  @ApiProperty({
    type: String,
    format: 'uri',
    nullable: true,
    example: 'https://content-api.example.com/media/3f1c2a9e.webp',
  })
  featured_image_url!: string | null;
}

/** The fields of an article in JSON order: the columns of the CSV export. */
export const ARTICLE_CSV_HEADER = [
  'id',
  'site_id',
  'title',
  'url',
  'status',
  'published_at',
  'target_keyword',
  'word_count',
  'featured_image_url',
];

@ApiSchema({ name: 'ArticleList', description: 'One page of articles.' })
export class ArticleListDto {
  @ListData(ArticleDto)
  data!: ArticleDto[];

  @ApiProperty({ type: PageMetaDto })
  meta!: PageMetaDto;
}
