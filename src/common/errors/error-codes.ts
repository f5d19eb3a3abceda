/** Every error identifier the API returns (decisions.md, "Errors"). Stable: never rename one. */
export const ERROR_CODES = [
  'missing_credentials',
  'invalid_credentials',
  'plan_not_eligible',
  'account_suspended',
  'insufficient_scope',
  'site_not_found',
  'article_not_found',
  'not_found',
  'method_not_allowed',
  'not_acceptable',
  'invalid_parameter',
  'validation_failed',
  'invalid_period',
  'invalid_date_range',
  'conflicting_parameters',
  'body_not_allowed',
  'protected_links_modified',
  'invalid_image',
  'unsupported_image_type',
  'image_too_large',
  'invalid_url',
  'payload_too_large',
  'unsupported_media_type',
  'headers_too_large',
  'malformed_request',
  'request_timeout',
  'precondition_failed',
  'rate_limited',
  'edit_limit_exceeded',
  'service_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** What every identifier looks like, today's and any added later. */
export const ERROR_CODE_PATTERN = '^[a-z][a-z0-9_]*$';

/** An error names at most this many problems in `details`. */
export const MAX_DETAILS = 100;
