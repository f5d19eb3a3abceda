import type { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { createOpenApiDocument } from './openapi-document.factory.js';
import { OpenApiDocumentHolder } from './openapi-document.holder.js';

export const OPENAPI_DOCUMENT_PATH = '/api/v1/openapi.json';
export const SWAGGER_UI_PATH = 'docs';

/**
 * Generates the document, serves it at OPENAPI_DOCUMENT_PATH and mounts
 * Swagger UI for operations staff at /docs. Call before `app.init()`: the UI's
 * routes must be registered ahead of the not-found handler.
 */
export function setupOpenApi(app: INestApplication): void {
  const document = createOpenApiDocument(app, app.get<AppConfig>(APP_CONFIG));
  app.get(OpenApiDocumentHolder).publish(document);
  SwaggerModule.setup(SWAGGER_UI_PATH, app, document, {
    // The document is served by OpenApiController; no second copy at /docs-json.
    raw: false,
    // Also makes the UI ignore a `?url=` in its address, which could point it at a foreign document.
    swaggerUrl: OPENAPI_DOCUMENT_PATH,
    customSiteTitle: document.info.title,
    swaggerOptions: { persistAuthorization: true },
  });
}
