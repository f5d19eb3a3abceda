import type { AgentTool } from './agent-tool.js';
import type { ToolArguments } from './api-request.js';
import type { ApiErrorBody } from './error-guidance.js';

/** At most this many unknown arguments are named, like the API's own `details`. */
const MAX_NAMED = 20;

/**
 * The one rule of a tool's input schema that the API cannot enforce:
 * `additionalProperties: false`. The read endpoints ignore unknown query
 * parameters (as they must for browsers and proxies), so without this
 * `list_sites {"bogus": 1}` would answer as if nothing were wrong. The
 * refusal is the API's error object, with the code the endpoint gives an
 * invalid input of the same kind: `invalid_parameter` for the reads (their
 * arguments are query parameters), `validation_failed` for the writes (body
 * fields). Every other rule of the schema is the API's to check.
 */
export function unknownArguments(tool: AgentTool, args: ToolArguments): ApiErrorBody | undefined {
  const takes = Object.keys(tool.inputSchema.properties);
  const unknown = Object.keys(args).filter((name) => !takes.includes(name));
  if (unknown.length === 0) return undefined;
  const message = `is not an argument of ${tool.name}`;
  return {
    error: tool.annotations.readOnlyHint ? 'invalid_parameter' : 'validation_failed',
    message: `Unknown argument${unknown.length === 1 ? '' : 's'} ${unknown.slice(0, MAX_NAMED).join(', ')}: ${tool.name} takes ${takes.join(', ')}.`,
    details: unknown.slice(0, MAX_NAMED).map((field) => ({ field, message })),
  };
}
