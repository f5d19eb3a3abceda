import type { INestApplication } from '@nestjs/common';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SWAGGER_UI_PATH } from './docs-path.js';
import { createOpenApiDocument } from './openapi-document.factory.js';
import { OpenApiDocumentHolder } from './openapi-document.holder.js';

export const OPENAPI_DOCUMENT_PATH = '/api/v1/openapi.json';

/**
 * Generates the document, serves it at OPENAPI_DOCUMENT_PATH and mounts
 * Swagger UI for operations staff at /docs. Call before `app.init()`: the UI's
 * routes must be registered ahead of the not-found handler.
 */
export function setupOpenApi(app: INestApplication): void {
  const config = app.get<AppConfig>(APP_CONFIG);
  const document = createOpenApiDocument(app, config);
  app.get(OpenApiDocumentHolder).publish(document);
  SwaggerModule.setup(SWAGGER_UI_PATH, app, forSwaggerUi(document, config.publicBaseUrl), {
    // The document is served by OpenApiController; no second copy at /docs-json.
    raw: false,
    // Also makes the UI ignore a `?url=` in its address, which could point it at a foreign document.
    swaggerUrl: OPENAPI_DOCUMENT_PATH,
    customSiteTitle: document.info.title,
    swaggerOptions: { persistAuthorization: true },
  });
}

/**
 * The document as Swagger UI gets it: "Try it out" calls the address the page
 * was opened at (a server relative to the page), so the UI works from any name
 * of the host — 127.0.0.1, localhost, an internal name — without CORS. The
 * served document keeps PUBLIC_BASE_URL for clients and generators.
 */
export function forSwaggerUi(document: OpenAPIObject, publicBaseUrl: string): OpenAPIObject {
  return {
    ...document,
    servers: [
      {
        url: new URL(publicBaseUrl).pathname,
        description: 'This server, at the address this page was opened at',
      },
    ],
  };
}
