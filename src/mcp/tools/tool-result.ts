import type { CallToolResult } from '@modelcontextprotocol/server';
import { invalidParameterMessage } from '../../common/errors/api-error.js';
import type { AgentTool, SuccessBody } from './agent-tool.js';
import type { ApiResponse } from './api-request.js';
import { ApiErrorBody, errorGuidance } from './error-guidance.js';

/**
 * A tool result from the endpoint's answer: the JSON body unchanged as
 * structured content, and as text after a one-line summary (or the summary
 * alone, for a tool whose summary stands for its long body); the article's
 * ETag, when the answer has one, in `_meta.etag` for an agent's code (the
 * structured content stays the endpoint's body). A refusal is a result with
 * isError and the API's error object, its `details` naming the tool's
 * arguments (`article_id`, not the path's `id`); never a protocol error.
 */
export function toolResult(tool: AgentTool, response: ApiResponse): CallToolResult {
  const body = response.body;
  if (response.status >= 200 && response.status < 300 && isSuccessBody(body)) {
    const etag = response.headers.etag;
    return {
      structuredContent: body,
      content: [
        text(tool.summarize(body, response)),
        ...(tool.summaryOnly ? [] : [text(JSON.stringify(body))]),
      ],
      ...(etag === undefined ? {} : { _meta: { etag } }),
    };
  }
  if (isErrorBody(body)) {
    const error = inToolTerms(tool, body);
    return {
      isError: true,
      structuredContent: error,
      content: [text(errorGuidance(tool, error, response)), text(JSON.stringify(error))],
    };
  }
  return {
    isError: true,
    content: [
      text(
        `${tool.name} failed: the API answered HTTP ${response.status} without a JSON body. Retry later; if it persists, tell the user.`,
      ),
    ],
  };
}

/** The error with each API parameter or field that the tool names otherwise renamed. */
function inToolTerms(tool: AgentTool, error: ApiErrorBody): ApiErrorBody {
  if (error.details === undefined) return error;
  const named = (field: string) => tool.apiNames[field] ?? field;
  const [first] = error.details;
  const message =
    first !== undefined && error.message === invalidParameterMessage(first.field, first.message)
      ? invalidParameterMessage(named(first.field), first.message)
      : error.message;
  const details = error.details.map((problem) => ({ ...problem, field: named(problem.field) }));
  return { ...error, message, details };
}

/** The API could not be asked (unreachable, timed out): there is no API answer to pass on. */
export function unreachableResult(tool: AgentTool, cause: unknown): CallToolResult {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const caution = tool.annotations.readOnlyHint
    ? ''
    : ' The change may or may not have been saved: check with get_article before repeating it.';
  return {
    isError: true,
    content: [text(`${tool.name} could not reach the API (${reason}).${caution}`)],
  };
}

function text(value: string): { type: 'text'; text: string } {
  return { type: 'text', text: value };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSuccessBody(value: unknown): value is SuccessBody {
  return isObject(value) && 'data' in value;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return isObject(value) && typeof value.error === 'string' && typeof value.message === 'string';
}
