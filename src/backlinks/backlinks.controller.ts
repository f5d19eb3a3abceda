import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator.js';
import { Authenticated } from '../auth/decorators/route-access.decorator.js';
import type { Principal } from '../auth/principal.js';
import { assertDateRange, DateRangePageQueryDto } from '../common/dto/date-range-query.dto.js';
import { PagedList } from '../common/http/paged-list.decorator.js';
import { IdParamPipe } from '../common/http/id-param.pipe.js';
import type { JsonPage } from '../common/json-rows.js';
import {
  ApiInvalidDateRangeListResponse,
  ApiSiteScoped,
} from '../common/openapi/error-responses.js';
import { BacklinksService } from './backlinks.service.js';
import { BacklinkListDto } from './dto/backlink.dto.js';

@ApiTags('backlinks')
@Controller('api/v1/sites')
export class BacklinksController {
  constructor(private readonly backlinks: BacklinksService) {}

  @Get(':id/backlinks')
  @Authenticated('read')
  @ApiOperation({
    operationId: 'listBacklinks',
    summary: 'List the backlinks of one website',
    description:
      'Ordered by acquired_at descending (backlinks without one last), then id descending. ' +
      '`from` and `to` are inclusive UTC calendar days on acquired_at; a backlink without ' +
      'acquired_at is left out whenever either is given. `from` later than `to` is 422 ' +
      '`invalid_date_range`.',
  })
  @ApiSiteScoped()
  @PagedList(BacklinkListDto, 'One page of the website’s backlinks.')
  @ApiInvalidDateRangeListResponse()
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) siteId: number,
    @Query() query: DateRangePageQueryDto,
  ): Promise<JsonPage> {
    assertDateRange(query.from, query.to);
    return this.backlinks.list(
      principal.accountId,
      siteId,
      { from: query.from, to: query.to },
      query.page,
      query.per_page,
    );
  }
}
