import type { OpenAPIObject } from '@nestjs/swagger';

interface ResponseObject {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, unknown>;
}
interface OperationObject {
  security?: unknown[];
  responses: Record<string, ResponseObject>;
}

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorResponseDto' };

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per rolling minute for this key.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the oldest counted request leaves the window.',
    schema: { type: 'integer' },
  },
};

const HEADER_REFS = Object.fromEntries(
  Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);

/**
 * The rate limit applies to every authenticated operation alike, so it is
 * documented here once rather than on each controller: the `X-RateLimit-*`
 * headers on every response, and a 429 `rate_limited` where an operation
 * does not already describe its own 429 (the edit endpoints do, for both limits).
 */
export function documentRateLimits(document: OpenAPIObject, limit: number): OpenAPIObject {
  for (const pathItem of Object.values(document.paths)) {
    for (const value of Object.values(pathItem) as unknown[]) {
      if (typeof value !== 'object' || value === null || !('responses' in value)) continue;
      const operation = value as OperationObject;
      if (!Array.isArray(operation.security) || operation.security.length === 0) continue;
      operation.responses['429'] ??= {
        description: `More than ${limit} requests in a rolling minute (\`rate_limited\`, with \`limit\` and \`Retry-After\`).`,
        headers: {
          'Retry-After': {
            description: 'Seconds until a request is allowed again.',
            schema: { type: 'integer' },
          },
        },
        content: {
          'application/json': {
            schema: ERROR_SCHEMA,
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
  }
  document.components = {
    ...document.components,
    headers: { ...document.components?.headers, ...RATE_LIMIT_HEADERS },
  };
  return document;
}
