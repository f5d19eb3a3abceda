import type { OpenAPIObject } from '@nestjs/swagger';
import { documentRateLimits } from './rate-limit-docs.js';

function document(): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {
      '/open': { get: { responses: { '200': { description: 'ok' } } } },
      '/read': { get: { security: [{ bearer: [] }], responses: { '200': { description: 'ok' } } } },
      '/edit': {
        put: {
          security: [{ bearer: [] }],
          responses: { '200': { description: 'ok' }, '429': { description: 'edit limit' } },
        },
      },
    },
  };
}

/** A response of the processed document, as plain JSON (what a client of the document sees). */
function response(doc: OpenAPIObject, path: string, status: string): Record<string, any> {
  const plain = JSON.parse(JSON.stringify(doc)) as Record<string, any>;
  return plain.paths[path][path === '/edit' ? 'put' : 'get'].responses[status];
}

describe('documentRateLimits', () => {
  it('adds the X-RateLimit headers to every response of every operation, with or without a key', () => {
    const doc = documentRateLimits(document(), 60);
    for (const path of ['/read', '/open']) {
      expect(response(doc, path, '200').headers).toEqual({
        'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
        'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
        'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
      });
    }
    expect(Object.keys(doc.components?.headers ?? {})).toHaveLength(3);
    expect(response(doc, '/read', '429').description).toContain('from this key');
    expect(response(doc, '/open', '429').description).toContain('from this client address');
  });

  it('adds a 429 rate_limited with the limit, keeping an operation’s own 429', () => {
    const doc = documentRateLimits(document(), 60);
    const added = response(doc, '/read', '429');
    expect(added.content['application/json'].example).toMatchObject({
      error: 'rate_limited',
      limit: 60,
    });
    expect(added.headers['Retry-After']).toBeDefined();
    expect(response(doc, '/edit', '429').description).toBe('edit limit');
  });
});
