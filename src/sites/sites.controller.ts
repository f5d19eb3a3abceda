import { Controller, Get, Query, Req, StreamableFile } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../auth/index.js';
import { Authenticated } from '../common/request/route-access.decorator.js';
import { csvExport } from '../common/http/csv-export.js';
import { wantsCsvExport } from '../common/http/list-format.js';
import { PagedList } from '../common/http/paged-list.decorator.js';
import { PaginationQueryDto } from '../common/dto/pagination-query.dto.js';
import { ApiInvalidParameterResponse } from '../common/openapi/error-responses.js';
import { SITE_CSV_HEADER, SiteListDto } from './dto/site.dto.js';
import { SitesService } from './sites.service.js';
import type { JsonPage } from '../common/json-rows.js';

@ApiTags('sites')
@Controller('api/v1/sites')
export class SitesController {
  constructor(private readonly sites: SitesService) {}

  @Get()
  @Authenticated('read')
  @ApiOperation({
    operationId: 'listSites',
    summary: 'List the websites on your account',
    description: 'Ordered by id ascending.',
  })
  @PagedList(SiteListDto, 'One page of the account’s websites.', SITE_CSV_HEADER)
  @ApiInvalidParameterResponse(
    'A query parameter is invalid (`invalid_parameter`), or `page`/`per_page` with a CSV export (`conflicting_parameters`).',
  )
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PaginationQueryDto,
    @Req() req: Request,
  ): Promise<JsonPage | StreamableFile> {
    if (wantsCsvExport(req)) {
      const { fields, rows } = await this.sites.export(principal.accountId);
      return csvExport(fields, rows, 'sites.csv');
    }
    return this.sites.list(principal.accountId, query.page, query.per_page);
  }
}
