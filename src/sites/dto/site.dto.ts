import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PageMetaDto } from '../../common/dto/page-meta.dto.js';
import { ListData } from '../../common/openapi/list-data.decorator.js';
import { INT32_ID } from '../../common/openapi/integer-schemas.js';

@ApiSchema({ name: 'Site', description: 'A website on the account.' })
export class SiteDto {
  @ApiProperty({ ...INT32_ID, example: 12 })
  id!: number;

  @ApiProperty({ type: String, nullable: true, example: 'Acme Plumbing' })
  name!: string | null;

  @ApiProperty({
    type: String,
    format: 'uri',
    nullable: true,
    example: 'https://acme-plumbing.example',
  })
  website_url!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'en' })
  language!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'US' })
  country!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'local' })
  geographic_scope!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Home services' })
  industry!: string | null;
}

/** The fields of a site in JSON order: the columns of the CSV export. */
export const SITE_CSV_HEADER = [
  'id',
  'name',
  'website_url',
  'language',
  'country',
  'geographic_scope',
  'industry',
];

@ApiSchema({ name: 'SiteList', description: 'One page of websites.' })
export class SiteListDto {
  @ListData(SiteDto)
  data!: SiteDto[];

  @ApiProperty({ type: PageMetaDto })
  meta!: PageMetaDto;
}
