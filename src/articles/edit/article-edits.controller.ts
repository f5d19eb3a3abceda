import {
  Body,
  Controller,
  HttpCode,
  Param,
  Post,
  Put,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiConsumes,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, type Principal } from '../../auth/index.js';
import { Authenticated } from '../../common/request/route-access.decorator.js';
import { IdParamPipe } from '../../common/http/id-param.pipe.js';
import { channelOf } from '../../common/request/agent-connection.js';
import { ImageUploadInterceptor, MAX_IMAGE_BYTES } from '../../media/index.js';
import { articleEtag, etagHeader } from './article-etag.js';
import { ApiArticleWrite } from './article-edits.openapi.js';
import { ArticleEditsService, EditContext } from './article-edits.service.js';
import type { ArticleWithBodyDto } from '../read/dto/article-with-body.dto.js';
import { ArticleResponseDto } from '../read/dto/article-with-body.dto.js';
import {
  FeaturedImageFieldsDto,
  FeaturedImageJsonDto,
  FeaturedImageMultipartDto,
  FeaturedImageResponseDto,
} from '../featured-image/dto/featured-image.dto.js';
import { UpdateArticleDto } from './dto/update-article.dto.js';
import { IfMatch } from './if-match.pipe.js';
import { RequestFields } from '../featured-image/featured-image-fields.decorator.js';
import {
  featuredImageSource,
  FeaturedImageService,
} from '../featured-image/featured-image.service.js';

const ETAG_HEADER = etagHeader(
  'The ETag of the article as it now is: the If-Match of a next write.',
);

/** The write side of articles: title and body, and the featured image. */
@ApiTags('articles')
@ApiExtraModels(FeaturedImageJsonDto, FeaturedImageMultipartDto)
@Controller('api/v1/articles')
export class ArticleEditsController {
  constructor(
    private readonly edits: ArticleEditsService,
    private readonly featuredImages: FeaturedImageService,
  ) {}

  @Put(':id')
  @Authenticated('write')
  @ApiOperation({
    operationId: 'updateArticle',
    summary: 'Update the title and HTML body of an article',
    description:
      'Replaces the body (and the title when given). The body must stay within the editor’s allow-list and keep every protected link (elements marked `data-service-protected`) exactly as it is, though it may move; otherwise 422 and the article is unchanged. A successful change is stored as a new revision with origin `api` (`mcp` through the agent server) and counts against the key’s daily edit limit; a request that changes nothing returns 200 and creates no revision and counts nothing. `word_count` is recomputed.',
  })
  @ApiOkResponse({
    type: ArticleResponseDto,
    description: 'The article as saved (unchanged when the request changed nothing).',
    headers: ETAG_HEADER,
  })
  @ApiArticleWrite('update')
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) articleId: number,
    @Body() body: UpdateArticleDto,
    @IfMatch() ifMatch: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ArticleResponseDto> {
    const article = await this.edits.update(editContext(principal, ifMatch, req), articleId, body);
    res.setHeader('ETag', articleEtag(article));
    return { data: article };
  }

  @Post(':id/featured-image')
  @HttpCode(200)
  @Authenticated('write')
  @UseInterceptors(ImageUploadInterceptor)
  @ApiOperation({
    operationId: 'replaceFeaturedImage',
    summary: 'Replace the featured image of an article',
    description: `Either upload the image (multipart/form-data, field \`image\`: JPEG, PNG, WebP, GIF or AVIF, judged by its bytes, at most ${MAX_IMAGE_BYTES} bytes), which is stored and served from a public URL on this server (or the configured media bucket), or give the \`url\` of an image elsewhere (absolute http or https, at most 2,048 characters, no credentials, no loopback, private or link-local address and no local name such as \`localhost\`; stored as the WHATWG URL parser writes it, with quotes and angle brackets percent-encoded, and never fetched by the server). A replacement is an edit: it creates a revision and counts against the key’s daily edit limit; sending the current image again changes nothing.`,
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { $ref: getSchemaPath(FeaturedImageMultipartDto) },
          encoding: {
            image: { contentType: 'image/jpeg, image/png, image/webp, image/gif, image/avif' },
          },
        },
        'application/json': {
          schema: { $ref: getSchemaPath(FeaturedImageJsonDto) },
          example: { url: 'https://cdn.example/images/radiator.jpg', reason: 'Sharper photo' },
        },
      },
    },
  })
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOkResponse({
    type: FeaturedImageResponseDto,
    description: 'The article with its new featured image (without its body).',
    headers: ETAG_HEADER,
  })
  @ApiArticleWrite('featured-image')
  async replaceFeaturedImage(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) articleId: number,
    @RequestFields() fields: FeaturedImageFieldsDto,
    @UploadedFile() file: { buffer: Buffer } | undefined,
    @IfMatch() ifMatch: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FeaturedImageResponseDto> {
    const source = featuredImageSource(
      Boolean(req.is('multipart/form-data')),
      file?.buffer,
      fields.url,
    );
    const article = await this.featuredImages.replace(
      editContext(principal, ifMatch, req),
      articleId,
      source,
      fields.reason,
    );
    res.setHeader('ETag', articleEtag(article));
    return { data: withoutBody(article) };
  }
}

/**
 * The agent server labels the API calls it makes, so their revisions get
 * origin `mcp`; an assistant's connection only ever calls through it.
 */
function editContext(principal: Principal, ifMatch: string | undefined, req: Request): EditContext {
  return {
    accountId: principal.accountId,
    editor:
      principal.keyId !== null
        ? { kind: 'key', keyId: principal.keyId, channel: channelOf(req) }
        : { kind: 'connection', connectionId: principal.connectionId },
    ifMatch,
    logEntryId: req.learningLogId,
  };
}

function withoutBody({ body: _body, protected_links: _links, ...article }: ArticleWithBodyDto) {
  return article;
}
