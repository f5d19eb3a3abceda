import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator.js';
import { Authenticated } from '../auth/decorators/route-access.decorator.js';
import type { Principal } from '../auth/principal.js';
import { PagedList } from '../common/http/paged-list.decorator.js';
import { PaginationQueryDto } from '../common/dto/pagination-query.dto.js';
import { ApiInvalidParameterResponse } from '../common/openapi/error-responses.js';
import { SiteListDto } from './dto/site.dto.js';
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
  @PagedList(SiteListDto, 'One page of the account’s websites.')
  @ApiInvalidParameterResponse()
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PaginationQueryDto,
  ): Promise<JsonPage> {
    return this.sites.list(principal.accountId, query.page, query.per_page);
  }
}
