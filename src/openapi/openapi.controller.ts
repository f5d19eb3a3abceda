import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, type OpenAPIObject } from '@nestjs/swagger';
import { Public } from '../common/request/route-access.decorator.js';
import { OpenApiDocumentHolder } from './openapi-document.holder.js';

/** The machine-readable specification; needs no credential (spec section 9), limited per address. */
@ApiTags('openapi')
@Controller('api/v1')
export class OpenApiController {
  constructor(private readonly holder: OpenApiDocumentHolder) {}

  @Get('openapi.json')
  @Public()
  @ApiOperation({
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    description:
      'The OpenAPI 3.1.0 document of the API, as JSON. Needs no key; like every call without a key it counts against the per-minute limit of the client’s address. Its `servers` entry is this deployment’s public address.',
    security: [],
  })
  @ApiOkResponse({
    description: 'The OpenAPI 3.1.0 document.',
    schema: {
      type: 'object',
      required: ['openapi', 'info', 'paths'],
      properties: {
        openapi: { type: 'string', enum: ['3.1.0'] },
        info: { type: 'object', additionalProperties: true },
        paths: { type: 'object', additionalProperties: true },
      },
      additionalProperties: true,
    },
  })
  document(): OpenAPIObject {
    return this.holder.document;
  }
}
