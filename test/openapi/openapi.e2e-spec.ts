import type SwaggerParserType from '@apidevtools/swagger-parser';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app.js';

// Node's own require: the validator require()s an ES module, which Jest's module loader cannot.
const SwaggerParser = process.getBuiltinModule('node:module').createRequire(import.meta.url)(
  '@apidevtools/swagger-parser',
) as typeof SwaggerParserType;

const PUBLIC_BASE_URL = 'https://reports.example.com';

/** The operations of the specification (section 4, "Agent (MCP) tools"); all need a key. */
const AUTHENTICATED_OPERATIONS = [
  'listSites',
  'listArticles',
  'getArticle',
  'updateArticle',
  'replaceFeaturedImage',
  'listBacklinks',
  'getStats',
];

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const ERROR_CONTENT = {
  'application/json': expect.objectContaining({
    schema: { $ref: '#/components/schemas/ErrorResponse' },
  }),
};

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** What these tests read of the served JSON; the snapshot covers the rest. */
interface ServedDocument {
  openapi: string;
  info: { title: string; version: string };
  servers: unknown;
  paths: Record<string, Partial<Record<string, Operation>>>;
  components: { securitySchemes: unknown };
}

function operationsOf(document: ServedDocument): Array<{ where: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ where: `${method.toUpperCase()} ${path}`, operation }] : [];
    }),
  );
}

function keysAnywhere(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => keysAnywhere(item, found));
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      found.add(key);
      keysAnywhere(value, found);
    }
  return found;
}

describe('OpenAPI document and Swagger UI', () => {
  let t: TestApp;
  let document: ServedDocument;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL });
    document = (await request(t.http).get('/api/v1/openapi.json')).body as ServedDocument;
  });
  afterAll(() => t.close());

  it('serves the document without a credential as JSON', async () => {
    const res = await request(t.http).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
  });

  it('is a valid OpenAPI 3.1.0 document according to an independent validator', async () => {
    const served = (await request(t.http).get('/api/v1/openapi.json')).body;
    // The validator dereferences its argument in place.
    await expect(SwaggerParser.validate(structuredClone(served))).resolves.toBeDefined();
  });

  it('declares OpenAPI 3.1.0, version 1.0.0, its title and the configured public base URL', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(document.info.title).toBe('Content and Backlink Reporting API');
    expect(document.servers).toEqual([
      { url: PUBLIC_BASE_URL, description: expect.any(String), 'x-internal': false },
    ]);
  });

  it('documents every operation of the specification, each id once', () => {
    const ids = operationsOf(document).map(({ operation }) => operation.operationId);
    expect(ids).toEqual(expect.arrayContaining(AUTHENTICATED_OPERATIONS));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents itself: public, with no key', () => {
    expect(document.paths['/api/v1/openapi.json']?.get).toMatchObject({
      operationId: 'getOpenApiDocument',
      security: [],
      tags: ['openapi'],
    });
  });

  it('describes every tag, names schemas without a Dto suffix, and states a license and the deployment’s documentation as contact', () => {
    const served = document as unknown as {
      tags: Array<{ name: string; description: string }>;
      info: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    const used = new Set(operationsOf(document).flatMap(({ operation }) => operation.tags ?? []));
    expect(served.tags.map((tag) => tag.name).sort()).toEqual([...used].sort());
    for (const tag of served.tags) expect(tag.description.length).toBeGreaterThan(5);
    expect(Object.keys(served.components.schemas).filter((name) => /Dto$/.test(name))).toEqual([]);
    expect(served.info.license).toEqual({
      name: 'Proprietary',
      identifier: 'LicenseRef-Proprietary',
    });
    // A deployment has no person or address the service could name: no made-up email.
    expect(served.info.contact).toEqual({
      name: expect.any(String),
      url: `${PUBLIC_BASE_URL}/docs`,
    });
  });

  it('gives every response a description and X-Request-Id, and every operation a 500', () => {
    for (const { where, operation } of operationsOf(document)) {
      expect([where, operation.responses['500']]).toEqual([where, expect.anything()]);
      for (const [status, response] of Object.entries(operation.responses)) {
        const described = response as { description?: string; headers?: Record<string, unknown> };
        expect([where, status, described.description?.length]).toEqual([
          where,
          status,
          expect.any(Number),
        ]);
        expect(described.description).not.toBe('');
        expect([where, status, described.headers?.['X-Request-Id']]).toEqual([
          where,
          status,
          { $ref: '#/components/headers/X-Request-Id' },
        ]);
      }
    }
  });

  it('bounds and formats every integer, path ids as int32 from 1 to 2147483647', () => {
    const integers: Array<Record<string, unknown>> = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (typeof node === 'object' && node !== null) {
        const schema = node as Record<string, unknown>;
        const type = schema.type;
        if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
          integers.push(schema);
        }
        Object.values(schema).forEach(collect);
      }
    };
    collect(document);
    expect(integers.length).toBeGreaterThan(20);
    for (const schema of integers) {
      expect(schema).toEqual(
        expect.objectContaining({
          format: expect.stringMatching(/^int(32|64)$/),
          minimum: expect.any(Number),
          maximum: expect.any(Number),
        }),
      );
    }
    for (const { where, operation } of operationsOf(document)) {
      const id = (
        operation as { parameters?: Array<{ name: string; in: string; schema: object }> }
      ).parameters?.find((parameter) => parameter.in === 'path');
      if (id) {
        expect([where, id.schema]).toEqual([
          where,
          expect.objectContaining({ format: 'int32', minimum: 1, maximum: 2147483647 }),
        ]);
      }
    }
  });

  it('documents the error identifier as an open set: a string, the known values listed', () => {
    const error = (
      document.components as unknown as {
        schemas: { ErrorResponse: { properties: { error: Record<string, unknown> } } };
      }
    ).schemas.ErrorResponse.properties.error;
    expect(error.enum).toBeUndefined();
    expect(error).toMatchObject({ type: 'string', pattern: '^[a-z][a-z0-9_]*$' });
    expect(error.description).toContain('`edit_limit_exceeded`');
  });

  it('offers both credential schemes', () => {
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    });
  });

  it('lets every authenticated operation take either scheme and documents its 401 and 403', () => {
    const authenticated = operationsOf(document).filter(
      ({ operation }) =>
        AUTHENTICATED_OPERATIONS.includes(operation.operationId ?? '') ||
        (operation.security?.length ?? 0) > 0,
    );
    expect(authenticated.length).toBeGreaterThanOrEqual(AUTHENTICATED_OPERATIONS.length);
    for (const { where, operation } of authenticated) {
      expect({ where, security: operation.security }).toEqual({
        where,
        security: expect.arrayContaining([{ bearer: [] }, { apiKey: [] }]),
      });
      for (const status of ['401', '403'])
        expect({ where, status, response: operation.responses[status] }).toEqual({
          where,
          status,
          response: expect.objectContaining({ content: ERROR_CONTENT }),
        });
    }
  });

  it('gives every documented error response the error envelope schema', () => {
    const errors = operationsOf(document).flatMap(({ where, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, response]) => ({ where, status, content: response.content })),
    );
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toEqual({ ...error, content: ERROR_CONTENT });
  });

  it('documents on every operation the refusals any request can meet: 400, 408, 431', () => {
    for (const { where, operation } of operationsOf(document)) {
      for (const [status, error] of [
        ['400', 'malformed_request'],
        ['408', 'request_timeout'],
        ['431', 'headers_too_large'],
      ]) {
        const response = operation.responses[status] as
          { content?: Record<string, { example?: { error?: string } }> } | undefined;
        expect([where, status, response?.content?.['application/json']?.example?.error]).toEqual([
          where,
          status,
          error,
        ]);
      }
    }
  });

  it('documents 413 and 415 on the writes, and neither on the reads, which read no body', () => {
    for (const { where, operation } of operationsOf(document)) {
      const write = ['updateArticle', 'replaceFeaturedImage'].includes(operation.operationId ?? '');
      expect([where, '413' in operation.responses, '415' in operation.responses]).toEqual([
        where,
        write,
        write,
      ]);
    }
  });

  it('declares Access-Control-Allow-Origin on no response, and describes CORS and 405 once', () => {
    const served = document as unknown as {
      info: { description: string };
      components: { headers: Record<string, unknown> };
    };
    expect(JSON.stringify(document.paths)).not.toContain('Access-Control-Allow-Origin');
    expect(served.components.headers['Access-Control-Allow-Origin']).toBeUndefined();
    expect(served.info.description).toContain('`Access-Control-Allow-Origin`');
    expect(served.info.description).toMatch(/405 `method_not_allowed`.*`Allow`/);
  });

  it('uses 3.1 type arrays: no schema anywhere says nullable', () => {
    const keys = keysAnywhere(document);
    expect(keys).not.toContain('nullable');
    expect(JSON.stringify(document)).toContain('"null"');
  });

  it('matches the reviewed contract (update with -u only for an intended contract change)', () => {
    expect(document).toMatchSnapshot();
  });

  it('serves Swagger UI at /docs with this document, both schemes and persisted authorisation', async () => {
    const page = await request(t.http).get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('swagger-ui-init.js');

    const init = await request(t.http).get('/docs/swagger-ui-init.js');
    expect(init.status).toBe(200);
    const json = /let options = (\{[\s\S]*?\n\});/.exec(init.text)?.[1];
    expect(json).toBeDefined();
    const options = JSON.parse(json!);
    // The same document, but "Try it out" calls the address the page was opened at.
    expect(options.swaggerDoc).toEqual({
      ...document,
      servers: [
        { url: '/', description: expect.stringContaining('address this page was opened at') },
      ],
    });
    expect(options.swaggerUrl).toBe('/api/v1/openapi.json');
    expect(options.customOptions).toEqual(expect.objectContaining({ persistAuthorization: true }));

    const bundle = await request(t.http).get('/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });

  it('serves no second copy of the document beside Swagger UI', async () => {
    const res = await request(t.http).get('/docs-json');
    expect(res.status).toBe(404);
  });
});

describe('the OpenAPI document under the request limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('counts it per client address, like any call without a key', async () => {
    const first = await request(t.http).get('/api/v1/openapi.json');
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    await request(t.http).get('/api/v1/openapi.json');
    const refused = await request(t.http).get('/api/v1/openapi.json');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited', limit: 2 });
    expect(refused.headers['retry-after']).toEqual(expect.stringMatching(/^\d+$/));
  });
});
