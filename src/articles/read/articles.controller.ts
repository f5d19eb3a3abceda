import { Controller, Get, Param, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, type Principal } from '../../auth/index.js';
import { Authenticated } from '../../common/request/route-access.decorator.js';
import { assertDateRange } from '../../common/dto/date-range-query.dto.js';
import { csvExport } from '../../common/http/csv-export.js';
import { wantsCsvExport } from '../../common/http/list-format.js';
import { PagedList } from '../../common/http/paged-list.decorator.js';
import { ENTITY_TAGS_PATTERN, noneMatchHits } from '../../common/http/entity-tags.js';
import { IdParamPipe } from '../../common/http/id-param.pipe.js';
import type { JsonPage } from '../../common/json-rows.js';
import { ApiIdParam } from '../../common/openapi/id-param.decorator.js';
import {
  ApiInvalidDateRangeListResponse,
  ApiInvalidParameterResponse,
  ApiNotFoundResponse,
  ApiSiteScoped,
} from '../../common/openapi/error-responses.js';
import { articleEtag, etagHeader } from '../edit/article-etag.js';
import { ArticlesService } from './articles.service.js';
import { ARTICLE_CSV_HEADER, ArticleListDto } from './dto/article.dto.js';
import { ArticleResponseDto } from './dto/article-with-body.dto.js';
import { ListArticlesQueryDto } from './dto/list-articles-query.dto.js';

const ETAG_HEADER = etagHeader(
  'Strong tag of the editable content (title, body, featured image). Send it as If-Match on a write, or as If-None-Match to revalidate.',
);

@ApiTags('articles')
@Controller('api/v1')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get('sites/:id/articles')
  @Authenticated('read')
  @ApiOperation({
    operationId: 'listArticles',
    summary: 'List the articles of one website',
    description:
      'Ordered by published_at descending (articles without one last), then id descending. ' +
      '`from` and `to` are inclusive UTC calendar days on published_at; an article without ' +
      'published_at is left out whenever either is given. `from` later than `to` is 422 ' +
      '`invalid_date_range`.',
  })
  @ApiSiteScoped()
  @PagedList(
    ArticleListDto,
    'One page of the website’s articles (without bodies).',
    ARTICLE_CSV_HEADER,
  )
  @ApiInvalidDateRangeListResponse()
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) siteId: number,
    @Query() query: ListArticlesQueryDto,
    @Req() req: Request,
  ): Promise<JsonPage | StreamableFile> {
    assertDateRange(query.from, query.to);
    const filter = { from: query.from, to: query.to, status: query.status };
    if (wantsCsvExport(req)) {
      const { fields, rows } = await this.articles.export(principal.accountId, siteId, filter);
      return csvExport(fields, rows, `site-${siteId}-articles.csv`);
    }
    return this.articles.list(principal.accountId, siteId, filter, query.page, query.per_page);
  }

  @Get('articles/:id')
  @Authenticated('read')
  @ApiOperation({
    operationId: 'getArticle',
    summary: 'Get one article with its HTML body and protected links',
    description:
      'Returns an ETag. A request whose If-None-Match carries the current tag is answered 304 with no body.',
  })
  @ApiIdParam('Article id.')
  @ApiHeader({
    name: 'If-None-Match',
    required: false,
    description:
      'ETags from earlier responses (weak comparison; `*` matches any version): 304 while the article is unchanged, whatever the request’s Cache-Control says. A value that is no entity-tag list matches nothing.',
    schema: {
      type: 'string',
      maxLength: 1_024,
      pattern: ENTITY_TAGS_PATTERN,
      example: '"q3k9Xw2b7Yt0pLmN4cVh8sR1aZe"',
    },
  })
  @ApiOkResponse({
    type: ArticleResponseDto,
    description: 'The article, with its body and protected links.',
    headers: ETAG_HEADER,
  })
  @ApiResponse({
    status: 304,
    description: 'Not modified: If-None-Match carries the current ETag. No body.',
    headers: ETAG_HEADER,
  })
  @ApiNotFoundResponse(
    'The article does not exist or is not on your account (`article_not_found`).',
  )
  @ApiInvalidParameterResponse(
    'The path id is not an integer from 1 to 2147483647 (`invalid_parameter`).',
  )
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) articleId: number,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ArticleResponseDto> {
    const article = await this.articles.getWithBody(principal.accountId, articleId);
    const etag = articleEtag(article);
    res.setHeader('ETag', etag);
    // Not Express's req.fresh: it ignores the validator when the request says
    // `Cache-Control: no-cache`, which fetch adds to every request carrying
    // If-None-Match. The origin server evaluates the precondition (RFC 9110 §13.2.1).
    if (noneMatchHits(req.get('If-None-Match'), etag)) res.status(304);
    return { data: article };
  }
}
