import { getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { RETRY_AFTER } from '../common/openapi/header-schemas.js';
import { eachOperation, type ResponseObject } from './operations.js';

const EVERY_RESPONSE_HEADERS = {
  'X-Request-Id': {
    description:
      'Identifies the request in the service’s logs: the one the client sent (1 to 128 letters, digits, `_`, `.`, `:` or `-`), or a new UUID.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,128}$', maxLength: 128 },
  },
  'Access-Control-Allow-Origin': {
    description:
      'Only when the request’s Origin is allowed by the deployment’s CORS policy (`CORS_ORIGINS`): that origin, or `*`.',
    schema: { type: 'string', pattern: '^(\\*|https?://[^/?#]+)$', maxLength: 2_048 },
  },
};

const HEADER_REFS = Object.fromEntries(
  Object.keys(EVERY_RESPONSE_HEADERS).map((name) => [
    name,
    { $ref: `#/components/headers/${name}` },
  ]),
);

const errorContent = (example: { error: string; message: string }) => ({
  'application/json': { schema: { $ref: getSchemaPath(ErrorResponseDto) }, example },
});

const INTERNAL_ERROR: ResponseObject = {
  description:
    'The service failed on its side (`internal_error`); it has been logged, without details in the answer.',
  content: errorContent({
    error: 'internal_error',
    message: 'Something went wrong on our side; it has been logged.',
  }),
};

const UNAVAILABLE: ResponseObject = {
  description:
    'The database cannot be reached for the moment (`service_unavailable`, with `Retry-After`); nothing was changed.',
  headers: { 'Retry-After': RETRY_AFTER },
  content: errorContent({
    error: 'service_unavailable',
    message: 'The service is briefly unavailable; retry shortly.',
  }),
};

/**
 * What every operation has in common, stated once: `X-Request-Id` (and the
 * CORS grant) on every response, a 500 `internal_error`, and for those that
 * read the database (all but this document) a 503 `service_unavailable`.
 */
export function documentCommonResponses(document: OpenAPIObject): OpenAPIObject {
  for (const operation of eachOperation(document)) {
    const authenticated = Array.isArray(operation.security) && operation.security.length > 0;
    operation.responses['500'] ??= INTERNAL_ERROR;
    if (authenticated) operation.responses['503'] ??= UNAVAILABLE;
    for (const [status, response] of Object.entries(operation.responses)) {
      operation.responses[status] = {
        ...response,
        headers: { ...HEADER_REFS, ...response.headers },
      };
    }
  }
  document.components = {
    ...document.components,
    headers: { ...document.components?.headers, ...EVERY_RESPONSE_HEADERS },
  };
  return document;
}
