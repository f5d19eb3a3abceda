import type { OpenAPIObject } from '@nestjs/swagger';
import { toOpenApi31 } from './openapi-31.converter.js';

/** A 3.0 document shaped like @nestjs/swagger's output, with `schema` as the one component. */
function documentWith(schema: object, extra: Partial<OpenAPIObject> = {}): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 'T', version: '1.0.0' },
    paths: {},
    components: { schemas: { Thing: schema } },
    ...extra,
  };
}

function thing(document: OpenAPIObject): unknown {
  return document.components?.schemas?.Thing;
}

function keysAnywhere(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => keysAnywhere(item, found));
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      found.push(key);
      keysAnywhere(value, found);
    }
  return found;
}

describe('toOpenApi31', () => {
  it('declares OpenAPI 3.1.0 and keeps info, servers and the order of the top-level keys', () => {
    const input = documentWith(
      { type: 'object' },
      { servers: [{ url: 'https://api.example' }], info: { title: 'T', version: '1.0.0' } },
    );
    const output = toOpenApi31(input);
    expect(output.openapi).toBe('3.1.0');
    expect(output.info).toEqual({ title: 'T', version: '1.0.0' });
    expect(output.servers).toEqual([{ url: 'https://api.example' }]);
    expect(Object.keys(output)).toEqual(Object.keys(input));
  });

  it('turns a nullable primitive into a type array with null', () => {
    const output = toOpenApi31(
      documentWith({ type: 'string', nullable: true, description: 'Name.', example: 'Acme' }),
    );
    expect(thing(output)).toEqual({
      type: ['string', 'null'],
      description: 'Name.',
      examples: ['Acme'],
    });
  });

  it('adds null to the enum of a nullable enum', () => {
    const output = toOpenApi31(documentWith({ type: 'string', enum: ['a', 'b'], nullable: true }));
    expect(thing(output)).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
  });

  it('turns nullable properties of an object and of nested objects into type arrays', () => {
    const output = toOpenApi31(
      documentWith({
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string', nullable: true },
          address: {
            type: 'object',
            nullable: true,
            properties: { city: { type: 'string', nullable: true } },
          },
        },
      }),
    );
    expect(thing(output)).toEqual({
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer' },
        name: { type: ['string', 'null'] },
        address: { type: ['object', 'null'], properties: { city: { type: ['string', 'null'] } } },
      },
    });
  });

  it('makes a nullable array nullable, and nullable items inside an array nullable', () => {
    const output = toOpenApi31(
      documentWith({
        type: 'object',
        properties: {
          tags: { type: 'array', nullable: true, items: { type: 'string' } },
          scores: { type: 'array', items: { type: 'integer', nullable: true } },
        },
      }),
    );
    expect(thing(output)).toEqual({
      type: 'object',
      properties: {
        tags: { type: ['array', 'null'], items: { type: 'string' } },
        scores: { type: 'array', items: { type: ['integer', 'null'] } },
      },
    });
  });

  it('turns a nullable $ref into anyOf the reference or null, keeping its description', () => {
    const output = toOpenApi31(
      documentWith({ $ref: '#/components/schemas/Other', nullable: true, description: 'Maybe.' }),
    );
    expect(thing(output)).toEqual({
      description: 'Maybe.',
      anyOf: [{ $ref: '#/components/schemas/Other' }, { type: 'null' }],
    });
  });

  it('turns the 3.0 nullable-reference workaround (object + allOf) into anyOf with null', () => {
    const output = toOpenApi31(
      documentWith({
        type: 'object',
        properties: {
          image: {
            type: 'object',
            nullable: true,
            allOf: [{ $ref: '#/components/schemas/Image' }],
          },
        },
      }),
    );
    expect(thing(output)).toEqual({
      type: 'object',
      properties: {
        image: { anyOf: [{ $ref: '#/components/schemas/Image' }, { type: 'null' }] },
      },
    });
  });

  it('keeps several allOf members together and offers null beside them', () => {
    const output = toOpenApi31(
      documentWith({
        nullable: true,
        allOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }],
      }),
    );
    expect(thing(output)).toEqual({
      anyOf: [
        { allOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] },
        { type: 'null' },
      ],
    });
  });

  it('wraps a nullable oneOf and converts nullable schemas inside combinators', () => {
    const output = toOpenApi31(
      documentWith({
        nullable: true,
        oneOf: [{ type: 'string' }, { type: 'integer', nullable: true }],
      }),
    );
    expect(thing(output)).toEqual({
      anyOf: [{ oneOf: [{ type: 'string' }, { type: ['integer', 'null'] }] }, { type: 'null' }],
    });
  });

  it('drops nullable: false and leaves a nullable schema without type as it is', () => {
    const output = toOpenApi31(
      documentWith({
        type: 'object',
        properties: { a: { type: 'string', nullable: false }, b: { nullable: true } },
      }),
    );
    expect(thing(output)).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: {} },
    });
  });

  it('converts schemas in parameters, request bodies, responses and response headers', () => {
    const output = toOpenApi31(
      documentWith(
        { type: 'object' },
        {
          paths: {
            '/things/{id}': {
              put: {
                parameters: [
                  {
                    name: 'id',
                    in: 'path',
                    required: true,
                    example: 7,
                    schema: { type: 'integer', nullable: true, example: 7 },
                  },
                ],
                requestBody: {
                  content: {
                    'application/json': {
                      schema: { type: 'string', nullable: true },
                      example: 'kept',
                    },
                  },
                },
                responses: {
                  '200': {
                    description: 'OK',
                    headers: { 'X-Thing': { schema: { type: 'string', nullable: true } } },
                    content: { 'application/json': { schema: { type: 'number', nullable: true } } },
                  },
                },
              },
            },
          },
        },
      ),
    );
    const operation = output.paths['/things/{id}'].put!;
    expect(operation.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        example: 7,
        schema: { type: ['integer', 'null'], examples: [7] },
      },
    ]);
    expect(operation.requestBody).toEqual({
      content: { 'application/json': { schema: { type: ['string', 'null'] }, example: 'kept' } },
    });
    expect(operation.responses['200']).toEqual({
      description: 'OK',
      headers: { 'X-Thing': { schema: { type: ['string', 'null'] } } },
      content: { 'application/json': { schema: { type: ['number', 'null'] } } },
    });
  });

  it('turns boolean exclusive bounds into numeric ones', () => {
    const output = toOpenApi31(
      documentWith({
        type: 'object',
        properties: {
          positive: { type: 'number', minimum: 0, exclusiveMinimum: true },
          belowTen: { type: 'number', maximum: 10, exclusiveMaximum: true },
          inclusive: { type: 'number', minimum: 1, exclusiveMinimum: false },
        },
      }),
    );
    expect(thing(output)).toEqual({
      type: 'object',
      properties: {
        positive: { type: 'number', exclusiveMinimum: 0 },
        belowTen: { type: 'number', exclusiveMaximum: 10 },
        inclusive: { type: 'number', minimum: 1 },
      },
    });
  });

  it('moves example into examples without touching example data that looks like a schema', () => {
    const data = { type: 'string', nullable: true };
    const output = toOpenApi31(
      documentWith({ type: 'object', example: data, default: data, examples: ['other'] }),
    );
    expect(thing(output)).toEqual({ type: 'object', default: data, examples: [data, 'other'] });
  });

  it('does not duplicate an example already listed in examples', () => {
    const output = toOpenApi31(documentWith({ type: 'string', example: 'a', examples: ['a'] }));
    expect(thing(output)).toEqual({ type: 'string', examples: ['a'] });
  });

  it('leaves no 3.0-only keyword in a document full of them, and leaves its input unchanged', () => {
    const input = documentWith({
      type: 'object',
      nullable: true,
      example: {},
      properties: {
        list: {
          type: 'array',
          items: { type: 'object', properties: { x: { type: 'string', nullable: true } } },
        },
        map: { type: 'object', additionalProperties: { type: 'integer', nullable: true } },
        not: { not: { type: 'string', nullable: true } },
        ref: { nullable: true, allOf: [{ $ref: '#/components/schemas/Thing' }] },
        low: { type: 'integer', minimum: 0, exclusiveMinimum: true, example: 1 },
      },
    });
    const before = structuredClone(input);
    const keys = keysAnywhere(thing(toOpenApi31(input)));
    expect(keys).not.toContain('nullable');
    expect(keys).not.toContain('example');
    expect(keys).not.toContain('minimum');
    expect(input).toEqual(before);
  });
});
