import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../auth/index.js';
import { Authenticated } from '../common/request/route-access.decorator.js';
import { IdParamPipe } from '../common/http/id-param.pipe.js';
import { ApiInvalidParameterResponse, ApiSiteScoped } from '../common/openapi/error-responses.js';
import { StatsResponseDto } from './dto/stats.dto.js';
import { StatsQueryDto } from './dto/stats-query.dto.js';
import { StatsService } from './stats.service.js';

const DESCRIPTION = `Counts for a range of inclusive UTC calendar days, given either as \`period\` or as \`from\`/\`to\`; the response states the resolved \`from\` and \`to\`.

- \`this_month\`: the first day of the current UTC month through today. \`last_month\`: the whole previous month. \`last_30_days\`: today and the 29 days before it. \`YYYY-MM\`: that whole month. \`YYYY-MM-DD\`: that day.
- No \`period\`, \`from\` or \`to\`: \`this_month\`.
- Only \`from\`: \`to\` is today (UTC); a \`from\` after today is \`invalid_date_range\`.
- Only \`to\`: \`from\` is the day of the site's earliest dated article or backlink. When the site has none, or none on or before \`to\`, \`from\` is \`to\` (a one-day range, all counts 0).
- \`articles_published\` counts articles by published_at, whatever their status; backlink counts use acquired_at.

Errors, checked in this order: a malformed \`from\`/\`to\` (\`invalid_parameter\`); \`period\` together with \`from\` or \`to\` (\`conflicting_parameters\`); an unknown or malformed period, such as \`2026-13\` or \`2026-02-30\` (\`invalid_period\`); \`from\` later than \`to\` (\`invalid_date_range\`); then the website (\`site_not_found\`).`;

@ApiTags('stats')
@Controller('api/v1/sites')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get(':id/stats')
  @Authenticated('read')
  @ApiOperation({
    operationId: 'getStats',
    summary: 'Counts of articles published and backlinks acquired in a period',
    description: DESCRIPTION,
  })
  @ApiSiteScoped()
  @ApiOkResponse({ type: StatsResponseDto, description: 'The counts, with the resolved range.' })
  @ApiInvalidParameterResponse(
    'Invalid query (`invalid_parameter`, `conflicting_parameters`, `invalid_period`, `invalid_date_range`).',
  )
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) siteId: number,
    @Query() query: StatsQueryDto,
  ): Promise<StatsResponseDto> {
    return { data: await this.stats.stats(principal.accountId, siteId, query) };
  }
}
