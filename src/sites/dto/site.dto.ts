import { ApiProperty } from '@nestjs/swagger';
import { PageMetaDto } from '../../common/dto/page-meta.dto.js';

export class SiteDto {
  @ApiProperty({ type: 'integer', example: 12 })
  id!: number;

  @ApiProperty({ type: String, nullable: true, example: 'Acme Plumbing' })
  name!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://acme-plumbing.example' })
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

export class SiteListDto {
  @ApiProperty({ type: [SiteDto] })
  data!: SiteDto[];

  @ApiProperty({ type: PageMetaDto })
  meta!: PageMetaDto;
}
