/** What a tool call sends to the API and gets back, whichever transport carries it. */

export type ToolArguments = Record<string, unknown>;

export type ApiRequestBody = { json: ToolArguments } | { form: FormData };

export interface ApiRequest {
  method: 'GET' | 'PUT' | 'POST';
  /** The path with its ids in place, e.g. `/api/v1/sites/12/articles`. */
  path: string;
  query?: URLSearchParams;
  headers?: Record<string, string>;
  body?: ApiRequestBody;
}

export interface ApiResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when the answer was not JSON. */
  body: unknown;
}

/** Sends the endpoint requests of one agent server: to a deployment over HTTP, or in-process. */
export interface ApiClient {
  /** `tool` names the tool making the call; without it the call is the agent server's own. */
  send(request: ApiRequest, tool?: string): Promise<ApiResponse>;
}

export function requestTarget(request: ApiRequest): string {
  const query = request.query?.toString() ?? '';
  return query === '' ? request.path : `${request.path}?${query}`;
}

/**
 * A path id exactly as the assistant gave it. It is not checked here: the
 * API answers a malformed or missing id with its own 422 `invalid_parameter`,
 * so the call is validated, counted and logged like a direct one.
 */
export function pathSegment(value: unknown): string {
  const text = value === undefined ? '' : textOf(value);
  // An empty segment would route elsewhere (404); a blank one reaches the id check.
  return encodeURIComponent(text === '' ? ' ' : text);
}

/** An argument as the text of a query parameter, path segment or form field. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Every argument but the path ids, as query parameters; the API validates or ignores each. */
export function queryOf(args: ToolArguments, pathArguments: string[]): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (pathArguments.includes(name) || value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      query.append(name, textOf(item));
    }
  }
  return query;
}

export function without(args: ToolArguments, names: string[]): ToolArguments {
  return Object.fromEntries(Object.entries(args).filter(([name]) => !names.includes(name)));
}

/**
 * `If-Match` from the optional `if_match` argument: the ETag get_article
 * reported, with or without its double quotes (assistants often drop them).
 * Anything that already looks like an entity-tag (or `*`) is sent as it is,
 * for the API to judge.
 */
export function ifMatchHeader(args: ToolArguments): Record<string, string> {
  if (typeof args.if_match !== 'string') return {};
  const value = args.if_match.trim();
  if (value === '') return {};
  const tagged = value === '*' || value.startsWith('"') || value.startsWith('W/');
  return { 'If-Match': tagged ? value : `"${value}"` };
}

/** The bytes and content type of a request body; multipart gets its boundary from the platform encoder. */
export async function encodeBody(
  body: ApiRequestBody | undefined,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  if (body === undefined) return undefined;
  if ('json' in body) {
    return { bytes: Buffer.from(JSON.stringify(body.json)), contentType: 'application/json' };
  }
  const encoded = new Response(body.form);
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/** Parses an answer body as JSON when it says it is JSON. */
export function parseBody(contentType: string | undefined, text: string): unknown {
  if (!contentType?.includes('json') || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
