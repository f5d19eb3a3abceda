import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ArticleDto } from '../../articles/index.js';
import { INT32_ID, INT64_COUNT } from '../../common/openapi/integer-schemas.js';
import { UTC_SECONDS_PATTERN } from '../../common/dates.js';
import { SiteDto } from '../../sites/index.js';
import { MAX_TOP } from './report-query.dto.js';
import {
  ReportChangesDto,
  ReportComparisonDto,
  ReportCountsDto,
  ReportPeriodDto,
} from './report-counts.dto.js';

/** The most articles a report lists; `total` counts them all. */
export const MAX_REPORT_ARTICLES = 100;

/** The longest period a report covers: its daily series has one entry a day. */
export const MAX_REPORT_DAYS = 1_096;

@ApiSchema({ name: 'ReportDay', description: 'One day of the period and its counts.' })
export class ReportDayDto extends ReportCountsDto {
  @ApiProperty({ type: 'string', format: 'date', maxLength: 10, example: '2026-10-01' })
  date!: string;
}

@ApiSchema({
  name: 'AnchorTypeCount',
  description: 'Backlinks acquired in the period with one anchor type.',
})
export class AnchorTypeCountDto {
  @ApiProperty({ type: String, nullable: true, example: 'branded' })
  anchor_type!: string | null;

  @ApiProperty({ ...INT64_COUNT, minimum: 1, example: 9 })
  count!: number;
}

@ApiSchema({
  name: 'BacklinkStatusCount',
  description: 'Backlinks acquired in the period with one status.',
})
export class BacklinkStatusCountDto {
  @ApiProperty({ type: String, nullable: true, example: 'live' })
  status!: string | null;

  @ApiProperty({ ...INT64_COUNT, minimum: 1, example: 19 })
  count!: number;
}

@ApiSchema({
  name: 'ReferringDomain',
  description: 'A source domain and the backlinks it gave in the period.',
})
export class ReferringDomainDto {
  @ApiProperty({ type: String, example: 'news.example' })
  source_domain!: string;

  @ApiProperty({ ...INT64_COUNT, minimum: 1, example: 4 })
  backlinks!: number;

  @ApiProperty({
    type: Boolean,
    example: true,
    description:
      'True when no backlink of the site acquired before the period’s first day came from this domain (backlinks without acquired_at do not count as earlier).',
  })
  first_seen!: boolean;
}

@ApiSchema({
  name: 'LinkedPage',
  description: 'A target URL and the backlinks it gained in the period.',
})
export class LinkedPageDto {
  @ApiProperty({ type: String, format: 'uri', example: 'https://acme-plumbing.example/' })
  target_url!: string;

  @ApiProperty({ ...INT64_COUNT, minimum: 1, example: 7 })
  backlinks!: number;

  @ApiProperty({
    ...INT32_ID,
    nullable: true,
    example: 4211,
    description:
      'The site’s article whose url is exactly the target URL (the lowest id when several are), else null.',
  })
  article_id!: number | null;
}

@ApiSchema({ name: 'ReportArticles', description: 'The articles published in the period.' })
export class ReportArticlesDto {
  @ApiProperty({
    ...INT64_COUNT,
    example: 8,
    description:
      'Articles whose published_at falls in the period, whatever their status: the meta.total of the article list with the same from and to.',
  })
  total!: number;

  @ApiProperty({
    type: [ArticleDto],
    maxItems: MAX_REPORT_ARTICLES,
    description: `The first ${MAX_REPORT_ARTICLES} of them in the article list's order (published_at descending, then id descending).`,
  })
  items!: ArticleDto[];
}

@ApiSchema({ name: 'EditsByOrigin', description: 'Revisions by origin.' })
export class EditsByOriginDto {
  @ApiProperty({ ...INT64_COUNT, example: 3, description: 'Made through the API.' })
  api!: number;

  @ApiProperty({ ...INT64_COUNT, example: 2, description: 'Made by assistants (MCP).' })
  mcp!: number;

  @ApiProperty({ ...INT64_COUNT, example: 4, description: 'Made in the editor (and restores).' })
  editor!: number;

  @ApiProperty({ ...INT64_COUNT, example: 1, description: 'Made by a rewrite.' })
  rewrite!: number;
}

@ApiSchema({
  name: 'ReportEdits',
  description:
    'Revisions made in the period on the site’s articles (the work done for the client); revisions made by an import are left out.',
})
export class ReportEditsDto {
  @ApiProperty({ ...INT64_COUNT, example: 10 })
  total!: number;

  @ApiProperty({ type: EditsByOriginDto })
  by_origin!: EditsByOriginDto;
}

@ApiSchema({
  name: 'SiteReport',
  description:
    'One website’s report for a period. Every count agrees with the endpoints it summarises: `summary` is what getStats answers for the same period, the sum of `daily` is `summary`, each breakdown sums to `backlinks_acquired`.',
})
export class SiteReportDto {
  @ApiProperty({ type: SiteDto })
  site!: SiteDto;

  @ApiProperty({ type: ReportPeriodDto, description: 'The resolved period.' })
  period!: ReportPeriodDto;

  @ApiProperty({
    type: ReportComparisonDto,
    nullable: true,
    description: 'The comparison period; null with compare=none.',
  })
  comparison!: ReportComparisonDto | null;

  @ApiProperty({ type: ReportCountsDto, description: 'The period’s counts.' })
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

  @ApiProperty({
    type: [ReportDayDto],
    maxItems: MAX_REPORT_DAYS,
    description: 'One entry per day of the period, oldest first, days without anything included.',
  })
  daily!: ReportDayDto[];

  @ApiProperty({
    type: [AnchorTypeCountDto],
    description:
      'Backlinks acquired in the period by anchor type (null is a type of its own): largest first, ties by type.',
  })
  backlinks_by_anchor_type!: AnchorTypeCountDto[];

  @ApiProperty({
    type: [BacklinkStatusCountDto],
    description:
      'Backlinks acquired in the period by status (null is a status of its own): largest first, ties by status.',
  })
  backlinks_by_status!: BacklinkStatusCountDto[];

  @ApiProperty({
    type: [ReferringDomainDto],
    maxItems: MAX_TOP,
    description:
      'The source domains with the most backlinks acquired in the period, at most `top`: largest first, ties by domain. Backlinks without a source domain are not ranked.',
  })
  top_referring_domains!: ReferringDomainDto[];

  @ApiProperty({
    type: [LinkedPageDto],
    maxItems: MAX_TOP,
    description:
      'The target URLs that gained the most backlinks in the period, at most `top`: largest first, ties by URL. Backlinks without a target URL are not ranked.',
  })
  top_linked_pages!: LinkedPageDto[];

  @ApiProperty({ type: ReportArticlesDto })
  articles_published!: ReportArticlesDto;

  @ApiProperty({ type: ReportEditsDto })
  edits!: ReportEditsDto;

  @ApiProperty({
    type: String,
    format: 'date-time',
    pattern: UTC_SECONDS_PATTERN,
    maxLength: 20,
    example: '2026-11-01T08:00:00Z',
    description: 'When the report was computed (RFC 3339, UTC).',
  })
  generated_at!: string;
}

@ApiSchema({ name: 'SiteReportResponse', description: 'One website’s report.' })
export class SiteReportResponseDto {
  @ApiProperty({ type: SiteReportDto })
  data!: SiteReportDto;
}
