import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsOptional } from 'class-validator';
import { IntegerQuery } from '../../common/dto/query-validators.js';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from '../../common/pagination.js';
import { StatsQueryDto } from '../../stats/index.js';
import { COMPARISONS, type Comparison } from '../comparison-period.js';
import { REPORT_FORMATS } from '../report-formats.js';

/** Entries of a ranked list of the site report (top referring domains, top linked pages). */
export const DEFAULT_TOP = 10;
export const MAX_TOP = 50;

/** The period (as stats), the comparison and the format: what both reports take. */
export class ReportQueryDto extends StatsQueryDto {
  @ApiPropertyOptional({
    enum: COMPARISONS,
    default: 'previous_period',
    description:
      'What the period is compared with: `previous_period` (as many days just before; a whole calendar month: the whole previous month), `previous_year` (the same dates a year earlier, 29 February as 28 February) or `none`.',
  })
  @IsOptional()
  @IsIn(COMPARISONS, { message: `must be one of ${COMPARISONS.join(', ')}` })
  compare?: Comparison;

  // Checked by the format negotiation, so that an unknown one is 406 not_acceptable.
  @ApiPropertyOptional({
    enum: REPORT_FORMATS,
    description:
      'The format of the answer; wins over `Accept`. An unsupported one is 406 `not_acceptable`.',
  })
  @Allow()
  format?: string;
}

export class SiteReportQueryDto extends ReportQueryDto {
  @IntegerQuery({
    min: 1,
    max: MAX_TOP,
    default: DEFAULT_TOP,
    description: `How many entries the ranked lists (top_referring_domains, top_linked_pages) hold at most, 1 to ${MAX_TOP}.`,
  })
  top: number = DEFAULT_TOP;
}

export class AccountReportQueryDto extends ReportQueryDto {
  @IntegerQuery({
    min: 1,
    max: MAX_PAGE,
    default: DEFAULT_PAGE,
    description:
      'Page number over the sites (by id), from 1; past the last page the list is empty.',
  })
  page: number = DEFAULT_PAGE;

  @IntegerQuery({
    min: 1,
    max: MAX_PER_PAGE,
    default: DEFAULT_PER_PAGE,
    description: `Sites per page, 1 to ${MAX_PER_PAGE}.`,
  })
  per_page: number = DEFAULT_PER_PAGE;
}
