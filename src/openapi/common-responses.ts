import { maxHeaderSize } from 'node:http';
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
};

const HEADER_REFS = Object.fromEntries(
  Object.keys(EVERY_RESPONSE_HEADERS).map((name) => [
    name,
    { $ref: `#/components/headers/${name}` },
  ]),
);

const errorContent = (example: { error: string; message: string; limit?: number }) => ({
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
 * The refusals any request can meet before it reaches its operation: a
 * request that cannot be read, one too slow to arrive, headers over Node's
 * limit. CORS is described once, in the document's description: its header
 * is sent only to allowed origins, so no response declares it.
 */
const PROTOCOL_REFUSALS: Record<string, ResponseObject> = {
  '400': {
    description:
      'The request cannot be read (`malformed_request`): its path is not valid percent-encoded UTF-8 (`%ff`, a lone `%`), it is HTTP/1.1 without `Host`, or it is not well-formed HTTP. Nothing was changed.',
    content: errorContent({
      error: 'malformed_request',
      message: 'The request path is not valid percent-encoded UTF-8.',
    }),
  },
  '408': {
    description:
      'The request did not arrive in time (`request_timeout`): its headers within 60 seconds, all of it within 5 minutes. Answered as soon as it is refused, before it is counted; the connection is closed and nothing was changed.',
    content: errorContent({
      error: 'request_timeout',
      message: 'The request did not arrive in time.',
    }),
  },
  '431': {
    description: `The request line and headers together are over ${maxHeaderSize} bytes (\`headers_too_large\`, with \`limit\`); a long query string counts. Answered as soon as it is refused, before it is counted; the connection is closed and nothing was changed.`,
    content: errorContent({
      error: 'headers_too_large',
      message: `The request line and headers together are over ${maxHeaderSize} bytes.`,
      limit: maxHeaderSize,
    }),
  },
};

/** The protocol refusals (400, 408, 431) on every operation. */
export function documentProtocolRefusals(document: OpenAPIObject): OpenAPIObject {
  for (const operation of eachOperation(document)) {
    for (const [status, response] of Object.entries(PROTOCOL_REFUSALS))
      operation.responses[status] ??= response;
  }
  return document;
}

/**
 * What every operation has in common, stated once: `X-Request-Id` on every
 * response, a 500 `internal_error`, and for those that read the database
 * (all but this document) a 503 `service_unavailable`.
 */
export function documentCommonResponses(document: OpenAPIObject): OpenAPIObject {
  for (const operation of eachOperation(document)) {
    const authenticated = Array.isArray(operation.security) && operation.security.length > 0;
    operation.responses['500'] ??= INTERNAL_ERROR;
    if (authenticated) operation.responses['503'] ??= UNAVAILABLE;
    // In status order, the added ones among the operation's own.
    operation.responses = Object.fromEntries(
      Object.entries(operation.responses)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([status, response]) => [
          status,
          { ...response, headers: { ...HEADER_REFS, ...response.headers } },
        ]),
    );
  }
  document.components = {
    ...document.components,
    headers: { ...document.components?.headers, ...EVERY_RESPONSE_HEADERS },
  };
  return document;
}
