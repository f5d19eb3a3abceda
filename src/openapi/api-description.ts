import { maxHeaderSize } from 'node:http';
import type { AppConfig } from '../config/app-config.js';
import { MAX_JSON_DEPTH } from '../common/http/json-depth.js';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../common/pagination.js';

/** The conventions of every endpoint (decisions.md), stated once at the top of the document. */
export function apiDescription(
  config: Pick<AppConfig, 'rateLimitPerMinute' | 'editLimitPerDay' | 'htmlMaxNesting'>,
): string {
  return `Read and limited-write access to the websites, articles, backlinks and period statistics of one account.

**Authentication.** Every endpoint except this document needs an account API key (\`cbr_\` followed by 40 characters), sent either as \`Authorization: Bearer <API_KEY>\` or as \`X-API-Key: <API_KEY>\`. A key sees only its own account. Keys carry the scopes \`read\` and \`write\`; only the \`enterprise\` and \`agency\` plans include API access.

**Dates.** \`published_at\` and \`acquired_at\` are RFC 3339 in UTC with a \`Z\`, to the second (\`2026-11-03T09:30:00Z\`). The query parameters \`from\` and \`to\` are calendar dates \`YYYY-MM-DD\` in UTC, both inclusive; \`from\` later than \`to\` is 422 \`invalid_date_range\`.

**Pagination.** Lists answer \`{data, meta}\` with \`meta = {page, per_page, total, last_page}\`, and a \`Link\` header (RFC 8288) to the \`first\`, \`prev\`, \`next\` and \`last\` pages. \`page\` defaults to ${DEFAULT_PAGE}, \`per_page\` to ${DEFAULT_PER_PAGE} (1 to ${MAX_PER_PAGE}); an out-of-range value is 422 \`invalid_parameter\`, never clamped. A page past the end is 200 with \`data: []\`. Unknown query parameters are ignored.

**Errors.** Every error is \`{error, message}\` plus, when relevant, \`protected_links\`, \`limit\` and \`details\` (\`[{field, message}]\`). \`error\` is a stable snake_case identifier, an open set: the ones in use are listed in the \`ErrorResponse\` schema, and a client should treat one it does not know by its HTTP status. A site or article of another account is 404 (\`site_not_found\` / \`article_not_found\`), never 403. A method a path does not have (\`DELETE /api/v1/sites\`) is 405 \`method_not_allowed\`, its \`Allow\` header listing the path's methods. Every response carries \`X-Request-Id\` (echoed when the client sent one).

**Input.** Paths are case-sensitive and served in the one spelling documented here (\`/API/V1/SITES\` or \`/api/v1/sites/\` is 404); a path that is not percent-encoded UTF-8 (\`%ff\`) is 400 \`malformed_request\`. The request line and headers may take ${maxHeaderSize} bytes together (431 \`headers_too_large\`). JSON bodies are UTF-8 (415 \`unsupported_media_type\` otherwise); a body sent with GET is not read. A NUL character in any query parameter or body field is 422 naming it. JSON bodies may nest at most ${MAX_JSON_DEPTH} levels (422 \`validation_failed\` with \`limit\`). Article bodies may nest elements at most ${config.htmlMaxNesting} levels deep (422 \`body_not_allowed\` with \`limit\`).

**Limits.** ${config.rateLimitPerMinute} requests per rolling minute per key: authenticated responses carry \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (seconds), and a 429 \`rate_limited\` carries \`Retry-After\`. ${config.editLimitPerDay} article edits (updates and featured-image replacements) per UTC day per key; the next is 429 \`edit_limit_exceeded\` with \`Retry-After\` until midnight UTC.

**Protected links.** Inserted backlink anchors and internal links carry \`data-service-protected\` in the article HTML. An edit must keep each of them unchanged as a browser and a crawler see it (it may move them) and may not add new ones. Unchanged means: the same element, its \`href\` resolving (WHATWG URL standard, against the article's \`url\`) to the same URL, \`rel\` holding the same tokens, every other attribute (the marker included) exactly the same, and the same markup and text inside, where only runs of ASCII whitespace (tab, line feed, form feed, carriage return, space) count as one space; a non-breaking, zero-width or other Unicode space is a change. Otherwise it is 422 \`protected_links_modified\` listing the affected links, and the article is unchanged. \`GET /api/v1/articles/{id}\` returns an \`ETag\`; send it as \`If-Match\` to make an edit fail with 412 \`precondition_failed\` if the article changed meanwhile, or as \`If-None-Match\` to get a 304 while it is unchanged.

**Browsers (CORS).** Calls from web pages on other origins are allowed only from the origins the deployment lists. A response to a request whose \`Origin\` is listed carries \`Access-Control-Allow-Origin\` (that origin, or \`*\` when every origin is) and \`Access-Control-Expose-Headers\` (the limit, tracing, validator, paging and challenge headers); a preflight (\`OPTIONS\`) is answered 204. Any other origin gets no CORS header, which is why no response below declares one. Credentials mode is never allowed. A key must never be put in code that a browser downloads, since anyone who loads the page can read it.`;
}
