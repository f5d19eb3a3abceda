import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController, type OpenAPIObject } from '@nestjs/swagger';
import { Public } from '../auth/decorators/route-access.decorator.js';
import { SkipRateLimit } from '../rate-limit/skip-rate-limit.decorator.js';
import { OpenApiDocumentHolder } from './openapi-document.holder.js';

/** The machine-readable specification; needs no credential (spec section 9). */
@ApiExcludeController()
@Controller('api/v1')
export class OpenApiController {
  constructor(private readonly holder: OpenApiDocumentHolder) {}

  @Get('openapi.json')
  @Public()
  @SkipRateLimit()
  document(): OpenAPIObject {
    return this.holder.document;
  }
}
