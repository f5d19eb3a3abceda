import { isDeepStrictEqual } from 'node:util';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Upgrades the OpenAPI 3.0 document that @nestjs/swagger generates to
 * OpenAPI 3.1.0, whose Schema Object is JSON Schema 2020-12:
 * - `nullable: true` becomes `null` in the type array (and in `enum`); a
 *   nullable `$ref` or combinator becomes `anyOf: [<schema>, {type: 'null'}]`;
 * - boolean `exclusiveMinimum`/`exclusiveMaximum` become the numeric bounds;
 * - a schema's `example` becomes `examples: [example]` (`example` is
 *   deprecated in 3.1 schemas; parameters and media types keep theirs).
 * Pure: returns a new document and leaves its argument untouched.
 */
export function toOpenApi31(document: OpenAPIObject): OpenAPIObject {
  const upgraded = upgradeContainer(document as unknown as JsonObject) as JsonObject;
  return { ...upgraded, openapi: '3.1.0' } as unknown as OpenAPIObject;
}

type Json = null | boolean | number | string | Json[] | JsonObject;
type JsonObject = { [key: string]: Json };

const NULL_SCHEMA: JsonObject = { type: 'null' };

/** Keys whose value is example data, not document structure: copied as they are. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** Where JSON Schema nests subschemas: a map of them, a list of them, or a single one. */
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
const SUBSCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SUBSCHEMAS = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/**
 * The document around its schemas. A schema starts at a `schema` member
 * (parameters, headers, media types) or in `components.schemas`.
 */
function upgradeContainer(node: Json): Json {
  if (Array.isArray(node)) return node.map(upgradeContainer);
  if (!isObject(node)) return node;
  return mapEntries(node, (key, value) => {
    if (key === 'schema') return upgradeSchema(value);
    if (key === 'schemas' && isObject(value)) return mapValues(value, upgradeSchema);
    if (DATA_KEYS.has(key) || key.startsWith('x-')) return value;
    return upgradeContainer(value);
  });
}

function upgradeSchema(node: Json): Json {
  if (!isObject(node)) return node;
  const schema = mapEntries(node, (key, value) => {
    if (SUBSCHEMA_MAPS.has(key) && isObject(value)) return mapValues(value, upgradeSchema);
    if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) return value.map(upgradeSchema);
    if (SUBSCHEMAS.has(key)) return upgradeSchema(value);
    return value;
  });
  return withNullability(withExamples(withNumericBounds(schema)));
}

function withNullability(schema: JsonObject): JsonObject {
  const { nullable, ...rest } = schema;
  if (nullable !== true) return rest;
  const { $ref, allOf, anyOf, oneOf, ...siblings } = rest;
  const parts: JsonObject[] = [];
  if ($ref !== undefined) parts.push({ $ref });
  if (Array.isArray(allOf))
    parts.push(allOf.length === 1 && isObject(allOf[0]) ? allOf[0] : { allOf });
  if (anyOf !== undefined) parts.push({ anyOf });
  if (oneOf !== undefined) parts.push({ oneOf });
  if (parts.length === 0) return withNullType(rest);
  // 3.0 could only say "nullable reference" as `type: object, nullable, allOf: [$ref]`;
  // that `type` is a workaround, not part of the schema.
  const { type, ...others } = siblings;
  const own = type === 'object' && !('properties' in others) ? others : siblings;
  const inner = parts.length === 1 ? parts[0] : { allOf: parts };
  return { ...withNullType(own), anyOf: [inner, NULL_SCHEMA] };
}

/** Lets `null` through a schema's own `type` and `enum`; a schema with neither already accepts it. */
function withNullType(schema: JsonObject): JsonObject {
  const result = { ...schema };
  if (typeof schema.type === 'string' || Array.isArray(schema.type)) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    result.type = types.includes('null') ? types : [...types, 'null'];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    result.enum = [...schema.enum, null];
  }
  return result;
}

/** 3.0's `minimum: 0, exclusiveMinimum: true` is 2020-12's `exclusiveMinimum: 0`. */
function withNumericBounds(schema: JsonObject): JsonObject {
  const result = { ...schema };
  for (const [boundKey, exclusiveKey] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    const exclusive = schema[exclusiveKey];
    if (typeof exclusive !== 'boolean') continue;
    delete result[exclusiveKey];
    const bound = schema[boundKey];
    if (exclusive && typeof bound === 'number') {
      delete result[boundKey];
      result[exclusiveKey] = bound;
    }
  }
  return result;
}

function withExamples(schema: JsonObject): JsonObject {
  if (!('example' in schema)) return schema;
  const { example, examples, ...rest } = schema;
  const others = Array.isArray(examples) ? examples : [];
  const merged = others.some((other) => isDeepStrictEqual(other, example))
    ? others
    : [example, ...others];
  return { ...rest, examples: merged };
}

function mapEntries(object: JsonObject, map: (key: string, value: Json) => Json): JsonObject {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(key, value)]));
}

function mapValues(object: JsonObject, map: (value: Json) => Json): JsonObject {
  return mapEntries(object, (_key, value) => map(value));
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
