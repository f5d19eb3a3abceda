import { ApiProperty, ApiSchema, PickType } from '@nestjs/swagger';
import { PageMetaDto } from '../../common/dto/page-meta.dto.js';
import { ListData } from '../../common/openapi/list-data.decorator.js';
import { SiteDto } from '../../sites/index.js';
import {
  ReportChangesDto,
  ReportComparisonDto,
  ReportCountsDto,
  ReportPeriodDto,
} from './report-counts.dto.js';

@ApiSchema({ name: 'ReportSite', description: 'The website a report row is about.' })
export class ReportSiteDto extends PickType(SiteDto, ['id', 'name', 'website_url'] as const) {}

@ApiSchema({
  name: 'AccountReportRow',
  description: 'One website’s counts in the period and the comparison period.',
})
export class AccountReportRowDto {
  @ApiProperty({ type: ReportSiteDto })
  site!: ReportSiteDto;

  @ApiProperty({ type: ReportCountsDto })
  summary!: ReportCountsDto;

  @ApiProperty({
    type: ReportCountsDto,
    nullable: true,
    description: 'The comparison period’s counts; null with compare=none.',
  })
  previous!: ReportCountsDto | null;

  @ApiProperty({
    type: ReportChangesDto,
    nullable: true,
    description: 'summary against previous; null with compare=none.',
  })
  change!: ReportChangesDto | null;
}

@ApiSchema({
  name: 'AccountReportMeta',
  description:
    'The page over the account’s websites, the period and the comparison, and the period’s totals.',
})
export class AccountReportMetaDto extends PageMetaDto {
  @ApiProperty({ type: ReportPeriodDto, description: 'The resolved period.' })
  period!: ReportPeriodDto;

  @ApiProperty({
    type: ReportComparisonDto,
    nullable: true,
    description: 'The comparison period; null with compare=none.',
  })
  comparison!: ReportComparisonDto | null;

  @ApiProperty({
    type: ReportCountsDto,
    description:
      'The period’s four counts summed over every website of the account, not only this page.',
  })
  totals!: ReportCountsDto;
}

@ApiSchema({
  name: 'AccountReport',
  description: 'Every website of the account in one report: one row a site, by id, paginated.',
})
export class AccountReportDto {
  @ListData(AccountReportRowDto)
  data!: AccountReportRowDto[];

  @ApiProperty({ type: AccountReportMetaDto })
  meta!: AccountReportMetaDto;
}
