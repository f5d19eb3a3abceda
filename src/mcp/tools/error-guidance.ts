import type { ErrorCode } from '../../common/errors/error-codes.js';
import type { ApiResponse } from './api-request.js';

/** The API's error object, as every refused call returns it. */
export interface ApiErrorBody {
  error: string;
  message: string;
  protected_links?: Array<{ type: string; href: string; text: string }>;
  limit?: number;
  details?: Array<{ field: string; message: string }>;
}

interface Refusal {
  tool: string;
  error: ApiErrorBody;
  retryAfter: string | undefined;
}

const NOT_RETRYABLE = 'Retrying will not help.';

/** The problems of `details` that the message does not already state. */
function problems(refusal: Refusal): string {
  const { message, details = [] } = refusal.error;
  const unsaid = details.filter(
    (problem) =>
      !message.includes(`${problem.field}: ${problem.message}`) &&
      !message.includes(`${problem.field} ${problem.message}`),
  );
  if (unsaid.length === 0) return '';
  return ` Problems — ${unsaid.map(({ field, message: text }) => `${field}: ${text}`).join('; ')}.`;
}

function wait(refusal: Refusal, fallback: string): string {
  return refusal.retryAfter === undefined ? fallback : `${refusal.retryAfter} seconds`;
}

/** What an assistant should do about each refusal. Exhaustive: a new error code will not compile without its advice. */
const ADVICE: Record<ErrorCode, (refusal: Refusal) => string> = {
  missing_credentials: () =>
    `This agent server sent no API key. The user must configure one (SERVICE_API_KEY for the local server, "Authorization: Bearer <key>" for the hosted one). ${NOT_RETRYABLE}`,
  invalid_credentials: () =>
    `The API key of this agent server is unknown, revoked or expired. Ask the user to check or replace it. ${NOT_RETRYABLE}`,
  plan_not_eligible: () =>
    `The account's plan does not include API or agent access (the Enterprise and Agency plans do). ${NOT_RETRYABLE}`,
  account_suspended: () =>
    `The account is suspended: nothing can be read or changed until it is resumed. ${NOT_RETRYABLE}`,
  insufficient_scope: () =>
    'The API key is read-only: reading works, changes need a key with the write scope. Ask the user for one.',
  site_not_found: () =>
    'There is no website with this id on the account (websites of other accounts are invisible). Call list_sites for valid ids.',
  article_not_found: () =>
    'There is no article with this id on the account’s websites. Call list_articles for valid ids.',
  not_found: () =>
    'The API has no such endpoint: this agent server and the API are probably different versions.',
  method_not_allowed: () =>
    'The API does not take this method at this endpoint: this agent server and the API are probably different versions.',
  not_acceptable: () =>
    'The API cannot answer in the format asked for: this agent server and the API are probably different versions.',
  invalid_parameter: (r) => `Correct the arguments and call again.${problems(r)}`,
  validation_failed: (r) =>
    `Nothing was changed. Correct the arguments and call again.${problems(r)}`,
  invalid_period: (r) =>
    `Call ${r.tool} again with one of those periods, or with from and to as days YYYY-MM-DD.`,
  invalid_date_range: (r) => `Call ${r.tool} again with from on or before to.`,
  conflicting_parameters: (r) =>
    `Call ${r.tool} again with period alone, or with from and/or to alone.`,
  body_not_allowed: (r) =>
    `The article is unchanged. Remove what the editor does not allow and send the body again.${problems(r)}`,
  protected_links_modified: (r) => {
    const links = (r.error.protected_links ?? []).map(
      (link) => `${link.type} "${link.text}" → ${link.href}`,
    );
    return (
      'The article is unchanged. Every element carrying data-service-protected must stay exactly as in the current body — same tag, attributes (href, rel, data-service-protected) and text — and none may be added. ' +
      `Affected: ${links.join('; ')}. Call get_article, keep those elements verbatim, and send the edit again.`
    );
  },
  invalid_image: () =>
    'The image data is damaged. Send an intact JPEG, PNG, WebP, GIF or AVIF file, or a url instead.',
  unsupported_image_type: () =>
    'The bytes are not a JPEG, PNG, WebP, GIF or AVIF image. Send one of those, or a url instead.',
  image_too_large: (r) =>
    `The image is larger than ${r.error.limit ?? 10_485_760} bytes. Send a smaller file, or a url instead.`,
  invalid_url: () => 'Give an absolute http or https address of at most 2,048 characters.',
  payload_too_large: () => 'The request is too large. Send a smaller body or image.',
  unsupported_media_type: () =>
    `The API could not read the request body (it takes JSON in UTF-8): this agent server and the API are probably different versions. ${NOT_RETRYABLE}`,
  headers_too_large: () =>
    'The request’s address and headers were too large for the API. Shorten the arguments and call again.',
  malformed_request: () =>
    `The API could not read the request: this agent server and the API are probably different versions. ${NOT_RETRYABLE}`,
  request_timeout: () => 'The request reached the API too slowly. Retry.',
  precondition_failed: () =>
    'The article was changed since you read it (its ETag no longer matches); nothing was saved. Call get_article again, redo the edit on the current version and pass its new ETag.',
  rate_limited: (r) =>
    `This key's ${r.error.limit ?? 'allowed'} calls per minute (shared with the API) are used up. Wait ${wait(r, 'a minute')}, then retry.`,
  edit_limit_exceeded: (r) =>
    `This key has made its ${r.error.limit ?? 'allowed'} edits for today (UTC); nothing was saved. Edits are possible again after midnight UTC (in ${wait(r, 'some hours')}); reading still works.`,
  service_unavailable: (r) =>
    `The service is briefly unavailable. Retry in ${wait(r, 'a few seconds')}.`,
  internal_error: () =>
    'The service failed on its side and has logged it. Retry later; if it persists, tell the user.',
};

function isKnownCode(code: string): code is ErrorCode {
  return Object.hasOwn(ADVICE, code);
}

/** "list_articles was refused (404 site_not_found): … Call list_sites for valid ids." */
export function errorGuidance(
  tool: { name: string },
  error: ApiErrorBody,
  response: ApiResponse,
): string {
  const refusal: Refusal = {
    tool: tool.name,
    error,
    retryAfter: response.headers['retry-after'],
  };
  const advice = isKnownCode(error.error) ? ADVICE[error.error](refusal) : '';
  const message = /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  return `${tool.name} was refused (${response.status} ${error.error}): ${message} ${advice}`.trim();
}
