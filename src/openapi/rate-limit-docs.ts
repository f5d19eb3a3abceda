import { getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { RETRY_AFTER } from '../common/openapi/header-schemas.js';
import { eachOperation } from './operations.js';

/** RATE_LIMIT_PER_MINUTE's own bound (app-config.ts). */
const MAX_LIMIT = 1_000_000;

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per rolling minute for this key.',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_LIMIT },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: MAX_LIMIT },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the oldest counted request leaves the window.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 60 },
  },
};

const HEADER_REFS = Object.fromEntries(
  Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);

/**
 * The rate limit applies to every operation alike — per key, or per client
 * address for a call without one — so it is documented here once rather than
 * on each controller: the `X-RateLimit-*` headers on every response, and a
 * 429 `rate_limited` where an operation does not already describe its own
 * 429 (the edit endpoints do, for both limits).
 */
export function documentRateLimits(document: OpenAPIObject, limit: number): OpenAPIObject {
  for (const operation of eachOperation(document)) {
    const keyed = Array.isArray(operation.security) && operation.security.length > 0;
    operation.responses['429'] ??= {
      description: `More than ${limit} requests in a rolling minute from ${keyed ? 'this key' : 'this client address'} (\`rate_limited\`, with \`limit\` and \`Retry-After\`).`,
      headers: { 'Retry-After': RETRY_AFTER },
      content: {
        'application/json': {
          schema: { $ref: getSchemaPath(ErrorResponseDto) },
          example: {
            error: 'rate_limited',
            message: `At most ${limit} requests per minute are allowed; retry in 12 s.`,
            limit,
          },
        },
      },
    };
    for (const response of Object.values(operation.responses)) {
      response.headers = { ...HEADER_REFS, ...response.headers };
    }
  }
  document.components = {
    ...document.components,
    headers: { ...document.components?.headers, ...RATE_LIMIT_HEADERS },
  };
  return document;
}
