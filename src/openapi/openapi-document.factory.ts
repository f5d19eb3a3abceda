import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_KEY_SCHEME, BEARER_SCHEME } from '../common/request/route-access.decorator.js';
import type { AppConfig } from '../config/app-config.js';
import { apiDescription } from './api-description.js';
import { SWAGGER_UI_PATH } from './docs-path.js';
import { toOpenApi31 } from './openapi-31.converter.js';
import { documentCommonResponses, documentProtocolRefusals } from './common-responses.js';
import { documentRateLimits } from './rate-limit-docs.js';

export const API_TITLE = 'Content and Backlink Reporting API';
export const API_DOCUMENT_VERSION = '1.0.0';

/**
 * The API is proprietary: not an SPDX-listed license, so an SPDX
 * `LicenseRef-` identifier, as OpenAPI 3.1 lets a document say.
 */
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

/**
 * The contact of a self-hosted service: whoever runs this deployment, whose
 * documentation page (Swagger UI at /docs) is the address to start from. No
 * person or email: the service knows none, and a made-up one would mislead.
 */
function contactOf(publicBaseUrl: string): { name: string; url: string } {
  return {
    name: 'The operators of this deployment',
    url: `${publicBaseUrl}/${SWAGGER_UI_PATH}`,
  };
}

const KEY_FORMAT = 'An account API key: `cbr_` followed by 40 base62 characters.';

/** Every tag an operation uses, described (in this order in the document and the UI). */
export const API_TAGS: Array<[name: string, description: string]> = [
  ['sites', 'The websites on your account.'],
  [
    'articles',
    'The articles published for a website: read them, edit their title and body, replace their featured image.',
  ],
  ['backlinks', 'The backlinks acquired for a website.'],
  ['stats', 'Counts of articles published and backlinks acquired in a period.'],
  [
    'report',
    'The monthly client report of a website, or of every website of the account, in JSON, CSV, HTML or PDF.',
  ],
  ['openapi', 'This document.'],
];

/** The OpenAPI 3.1 document of every route of `app`, generated from its decorators. */
export function createOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(API_TITLE)
    .setDescription(apiDescription(config))
    .setVersion(API_DOCUMENT_VERSION)
    .addServer(config.publicBaseUrl, 'This deployment: its public address (PUBLIC_BASE_URL).')
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
    });
  for (const [name, description] of API_TAGS) builder.addTag(name, description);
  const base = builder.build();
  const generated = SwaggerModule.createDocument(app, base);
  const document = documentCommonResponses(
    documentRateLimits(documentProtocolRefusals(generated), config.rateLimitPerMinute),
  );
  return toOpenApi31({
    ...document,
    info: { ...document.info, contact: contactOf(config.publicBaseUrl), license: LICENSE },
    // Meant for customers, not only for the deployment's own staff (OWASP API9, inventory).
    servers: document.servers?.map((server) => ({ ...server, 'x-internal': false })),
  });
}
