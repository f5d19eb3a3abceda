import { Controller, Get, Param, Query, Req, StreamableFile } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../auth/index.js';
import { Authenticated } from '../common/request/route-access.decorator.js';
import { assertDateRange, DateRangePageQueryDto } from '../common/dto/date-range-query.dto.js';
import { csvExport } from '../common/http/csv-export.js';
import { wantsCsvExport } from '../common/http/list-format.js';
import { PagedList } from '../common/http/paged-list.decorator.js';
import { IdParamPipe } from '../common/http/id-param.pipe.js';
import type { JsonPage } from '../common/json-rows.js';
import {
  ApiInvalidDateRangeListResponse,
  ApiSiteScoped,
} from '../common/openapi/error-responses.js';
import { BacklinksService } from './backlinks.service.js';
import { BACKLINK_CSV_HEADER, BacklinkListDto } from './dto/backlink.dto.js';

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
  @PagedList(BacklinkListDto, 'One page of the website’s backlinks.', BACKLINK_CSV_HEADER)
  @ApiInvalidDateRangeListResponse()
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) siteId: number,
    @Query() query: DateRangePageQueryDto,
    @Req() req: Request,
  ): Promise<JsonPage | StreamableFile> {
    assertDateRange(query.from, query.to);
    const filter = { from: query.from, to: query.to };
    if (wantsCsvExport(req)) {
      const { fields, rows } = await this.backlinks.export(principal.accountId, siteId, filter);
      return csvExport(fields, rows, `site-${siteId}-backlinks.csv`);
    }
    return this.backlinks.list(principal.accountId, siteId, filter, query.page, query.per_page);
  }
}
