import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_KEY_SCHEME, BEARER_SCHEME } from '../auth/decorators/route-access.decorator.js';
import type { AppConfig } from '../config/app-config.js';
import { apiDescription } from './api-description.js';
import { toOpenApi31 } from './openapi-31.converter.js';
import { documentCommonResponses } from './common-responses.js';
import { documentRateLimits } from './rate-limit-docs.js';

export const API_TITLE = 'Content and Backlink Reporting API';
export const API_DOCUMENT_VERSION = '1.0.0';

/**
 * The API is proprietary: not an SPDX-listed license, so an SPDX
 * `LicenseRef-` identifier, as OpenAPI 3.1 lets a document say.
 */
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

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
    documentRateLimits(generated, config.rateLimitPerMinute),
  );
  // DocumentBuilder adds an empty contact; a deployment has no contact the service could name.
  const info = { ...document.info };
  delete info.contact;
  return toOpenApi31({
    ...document,
    info: { ...info, license: LICENSE },
    // Meant for customers, not only for the deployment's own staff (OWASP API9, inventory).
    servers: document.servers?.map((server) => ({ ...server, 'x-internal': false })),
  });
}
