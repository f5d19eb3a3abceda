/**
 * Small builders for the JSON Schemas the tools publish. Kept to the keywords
 * every assistant understands (no `$ref`, no type arrays: a nullable field is
 * an `anyOf` with `null`, which the MCP inspector's --strict check prefers).
 */
export type JsonSchema = { [keyword: string]: unknown };

export interface ObjectSchema extends JsonSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
}

export function integer(
  description: string,
  limits: { minimum?: number; maximum?: number; default?: number } = {},
): JsonSchema {
  return { type: 'integer', ...limits, description };
}

export function string(
  description: string,
  extra: {
    minLength?: number;
    maxLength?: number;
    format?: string;
    contentEncoding?: string;
    examples?: string[];
  } = {},
): JsonSchema {
  return { type: 'string', ...extra, description };
}

/** A calendar day `YYYY-MM-DD` (UTC). */
export function day(description: string): JsonSchema {
  return string(description, { format: 'date', examples: ['2026-11-01'] });
}

export function nullable(schema: JsonSchema): JsonSchema {
  const { description, ...rest } = schema;
  return {
    anyOf: [rest, { type: 'null' }],
    ...(description === undefined ? {} : { description }),
  };
}

export function arrayOf(items: JsonSchema, description?: string): JsonSchema {
  return { type: 'array', items, ...(description === undefined ? {} : { description }) };
}

/** An object whose listed properties are all required (the API always sends every field). */
export function record(properties: Record<string, JsonSchema>, description?: string): ObjectSchema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    ...(description === undefined ? {} : { description }),
  };
}

/** Tool arguments: only `required` must be present; nothing else may be added. */
export function toolArguments(
  properties: Record<string, JsonSchema>,
  required: string[] = [],
): ObjectSchema {
  return {
    type: 'object',
    properties,
    ...(required.length === 0 ? {} : { required }),
    additionalProperties: false,
  };
}
