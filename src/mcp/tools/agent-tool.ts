import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { PageMeta } from '../../common/pagination.js';
import type { ApiRequest, ApiResponse, ToolArguments } from './api-request.js';
import type { ObjectSchema } from './json-schema.js';

/** A successful endpoint body: `{data}` or `{data, meta}`. */
export interface SuccessBody {
  data: unknown;
  meta?: PageMeta;
}

/** One tool of the agent server, mapped to one API operation. */
export interface AgentTool {
  name: string;
  /** The operationId of the endpoint the tool calls. */
  operationId: string;
  title: string;
  /** Written for a language model: what it returns, units, paging, limits. */
  description: string;
  annotations: ToolAnnotations;
  /** Every argument the tool takes: anything else is refused before the API is called. */
  inputSchema: ObjectSchema;
  /**
   * The tool's argument for each API parameter or field that has another
   * name (the path `id` is `site_id` or `article_id`), so that a refusal's
   * `details` name what the assistant sent.
   */
  apiNames: Readonly<Record<string, string>>;
  outputSchema: ObjectSchema;
  /**
   * The endpoint request for these arguments. Their values are mapped, not
   * checked: the API validates them, so a tool call is refused, counted and
   * logged exactly like the direct call.
   */
  toRequest(args: ToolArguments): ApiRequest;
  /** A line for the assistant before the JSON: what came back and what to do next. */
  summarize(body: SuccessBody, response: ApiResponse): string;
  /**
   * The text content is the summary alone, not the summary and the JSON:
   * for the reports, whose bodies are long and whose summary is what an
   * assistant answers from (the body stays the structured content).
   */
  summaryOnly?: true;
  /** The `ui://` resource of the MCP App that shows the tool's result, in hosts with apps. */
  app?: string;
}
