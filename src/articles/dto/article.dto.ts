import { ApiProperty } from '@nestjs/swagger';
import { PageMetaDto } from '../../common/dto/page-meta.dto.js';

export const ARTICLE_STATUS_EXAMPLES = ['draft', 'scheduled', 'published', 'unpublished'] as const;

export class ArticleDto {
  @ApiProperty({ type: 'integer', example: 4211 })
  id!: number;

  @ApiProperty({ type: 'integer', example: 12 })
  site_id!: number;

  @ApiProperty({ type: String, nullable: true, example: 'How to bleed a radiator' })
  title!: string | null;

  @ApiProperty({
    type: String,
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

  @ApiProperty({ type: 'integer', nullable: true, example: 1240 })
  word_count!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'http://localhost:3000/media/3f1c2a9e.webp',
  })
  featured_image_url!: string | null;
}

export class ArticleListDto {
  @ApiProperty({ type: [ArticleDto] })
  data!: ArticleDto[];

  @ApiProperty({ type: PageMetaDto })
  meta!: PageMetaDto;
}
