import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_KEY_SCHEME, BEARER_SCHEME } from '../auth/decorators/route-access.decorator.js';
import type { AppConfig } from '../config/app-config.js';
import { apiDescription } from './api-description.js';
import { toOpenApi31 } from './openapi-31.converter.js';
import { documentRateLimits } from './rate-limit-docs.js';

export const API_TITLE = 'Content and Backlink Reporting API';
export const API_DOCUMENT_VERSION = '1.0.0';

const KEY_FORMAT = 'An account API key: `cbr_` followed by 40 base62 characters.';

/** The OpenAPI 3.1 document of every route of `app`, generated from its decorators. */
export function createOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const base = new DocumentBuilder()
    .setTitle(API_TITLE)
    .setDescription(apiDescription(config))
    .setVersion(API_DOCUMENT_VERSION)
    .addServer(config.publicBaseUrl)
    .addSecurity(BEARER_SCHEME, {
      type: 'http',
      scheme: 'bearer',
      description: `\`Authorization: Bearer <API_KEY>\`. ${KEY_FORMAT}`,
    })
    .addSecurity(API_KEY_SCHEME, {
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
      description: `\`X-API-Key: <API_KEY>\`. ${KEY_FORMAT}`,
    })
    .build();
  return toOpenApi31(
    documentRateLimits(SwaggerModule.createDocument(app, base), config.rateLimitPerMinute),
  );
}
