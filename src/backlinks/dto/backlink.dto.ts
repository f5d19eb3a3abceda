import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PageMetaDto } from '../../common/dto/page-meta.dto.js';
import { INT64_ID } from '../../common/openapi/integer-schemas.js';
import { UTC_SECONDS_PATTERN } from '../../common/dates.js';
import { ListData } from '../../common/openapi/list-data.decorator.js';
import { BACKLINK_CATEGORIES, type BacklinkCategory } from '../backlink.entity.js';

export const ANCHOR_TYPE_EXAMPLES = [
  'exact',
  'partial',
  'branded',
  'naked_url',
  'generic',
  'image',
] as const;
export const BACKLINK_STATUS_EXAMPLES = ['live', 'pending', 'lost'] as const;

@ApiSchema({ name: 'Backlink', description: 'A backlink acquired for a website.' })
export class BacklinkDto {
  @ApiProperty({ ...INT64_ID, example: 90412 })
  id!: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    pattern: UTC_SECONDS_PATTERN,
    maxLength: 20,
    nullable: true,
    example: '2026-11-03T09:30:00Z',
    description: 'When the link was acquired: RFC 3339 in UTC, whole seconds.',
  })
  acquired_at!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'news.example' })
  source_domain!: string | null;

  @ApiProperty({
    type: String,
    format: 'uri',
    nullable: true,
    example: 'https://news.example/local-heroes',
  })
  source_url!: string | null;

  @ApiProperty({
    type: String,
    format: 'uri',
    nullable: true,
    example: 'https://acme-plumbing.example/',
  })
  target_url!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Acme Plumbing' })
  anchor_text!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'branded',
    description: `A free string. Values the platform writes: ${ANCHOR_TYPE_EXAMPLES.join(', ')}.`,
  })
  anchor_type!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'live',
    description: `A free string. Values the platform writes: ${BACKLINK_STATUS_EXAMPLES.join(', ')}.`,
  })
  status!: string | null;

  @ApiProperty({ enum: BACKLINK_CATEGORIES, example: 'industry' })
  category!: BacklinkCategory;
}

/** The fields of a backlink in JSON order: the columns of the CSV export. */
export const BACKLINK_CSV_HEADER = [
  'id',
  'acquired_at',
  'source_domain',
  'source_url',
  'target_url',
  'anchor_text',
  'anchor_type',
  'status',
  'category',
];

@ApiSchema({ name: 'BacklinkList', description: 'One page of backlinks.' })
export class BacklinkListDto {
  @ListData(BacklinkDto)
  data!: BacklinkDto[];

  @ApiProperty({ type: PageMetaDto })
  meta!: PageMetaDto;
}
