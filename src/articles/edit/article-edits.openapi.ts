import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../common/dto/error-response.dto.js';
import { RETRY_AFTER } from '../../common/openapi/header-schemas.js';
import { ENTITY_TAGS_PATTERN } from '../../common/http/entity-tags.js';
import { ApiIdParam } from '../../common/openapi/id-param.decorator.js';
import { MAX_IMAGE_BYTES } from '../../media/index.js';
import { MAX_IF_MATCH_LENGTH } from './if-match.pipe.js';

/**
 * The documented requests and errors of the two article writes, every error
 * with an example of its envelope, so that clients and agents can tell each
 * refusal apart without trying it.
 */
type Example = { summary: string; value: Record<string, unknown> };

const error = (summary: string, value: Record<string, unknown>): Example => ({ summary, value });

const AUTH_EXAMPLES = {
  401: {
    missing_credentials: error('No key sent', {
      error: 'missing_credentials',
      message: 'Send your API key as "Authorization: Bearer <key>" or "X-API-Key: <key>".',
    }),
    invalid_credentials: error('Unknown, revoked or expired key', {
      error: 'invalid_credentials',
      message: 'The API key is unknown, revoked or expired.',
    }),
  },
  403: {
    insufficient_scope: error('Read-only key', {
      error: 'insufficient_scope',
      message: 'This key lacks the "write" scope.',
    }),
    plan_not_eligible: error('Plan without API access', {
      error: 'plan_not_eligible',
      message:
        'API access is included in the Enterprise and Agency plans; this account is on growth.',
    }),
    account_suspended: error('Suspended account', {
      error: 'account_suspended',
      message: 'This account is suspended.',
    }),
  },
};

const NOT_FOUND = {
  article_not_found: error('Not an article of your account', {
    error: 'article_not_found',
    message: 'Article 4211 does not exist or is not on your account.',
  }),
};

const INVALID_IF_MATCH = error('If-Match not an entity-tag list, or weak', {
  error: 'invalid_parameter',
  message:
    'Invalid parameter If-Match: must be * or the article’s ETag in double quotes, exactly as GET /api/v1/articles/{id} returned it (e.g. "q3k9Xw2b7Yt0pLmN4cVh8sR1aZe"); several tags are separated by commas',
  details: [
    {
      field: 'If-Match',
      message:
        'must be * or the article’s ETag in double quotes, exactly as GET /api/v1/articles/{id} returned it (e.g. "q3k9Xw2b7Yt0pLmN4cVh8sR1aZe"); several tags are separated by commas',
    },
  ],
});

const INVALID_ID = error('Path id not an integer', {
  error: 'invalid_parameter',
  message: 'Invalid parameter id: must be an integer from 1 to 2147483647',
  details: [{ field: 'id', message: 'must be an integer from 1 to 2147483647' }],
});

const PRECONDITION = {
  precondition_failed: error('The article changed since your GET', {
    error: 'precondition_failed',
    message:
      'The article has changed since the ETag sent in If-Match; fetch it again and reapply your edit.',
  }),
};

const TOO_LARGE = {
  payload_too_large: error('JSON body over 8 MB', {
    error: 'payload_too_large',
    message: 'The request body is too large.',
  }),
};

const UNSUPPORTED_MEDIA_TYPE = {
  unsupported_media_type: error('JSON not in UTF-8', {
    error: 'unsupported_media_type',
    message: 'The request body’s charset is not supported: send JSON in UTF-8.',
  }),
};

const TOO_MANY = {
  edit_limit_exceeded: error('Daily edit limit reached', {
    error: 'edit_limit_exceeded',
    message:
      'This key has made its 200 article edits for today (UTC); the limit resets at midnight UTC.',
    limit: 200,
  }),
  rate_limited: error('Request rate limit reached', {
    error: 'rate_limited',
    message: 'At most 60 requests per minute are allowed; retry in 42 s.',
    limit: 60,
  }),
};

const PUT_422 = {
  validation_failed: error('Body field invalid or unknown', {
    error: 'validation_failed',
    message: 'Invalid request body: title must be at most 255 characters',
    details: [{ field: 'title', message: 'must be at most 255 characters' }],
    limit: 255,
  }),
  body_not_allowed: error('Markup outside the editor’s allow-list', {
    error: 'body_not_allowed',
    message:
      'The body contains markup the editor does not allow: element <script> is not allowed; event-handler attribute onerror on <img> is not allowed.',
    details: [
      { field: 'body', message: 'element <script> is not allowed' },
      { field: 'body', message: 'event-handler attribute onerror on <img> is not allowed' },
    ],
  }),
  protected_links_modified: error('A protected link removed or rewritten', {
    error: 'protected_links_modified',
    message:
      'The edit removes, rewrites or adds protected links; every element marked data-service-protected must stay exactly as it is (it may move).',
    protected_links: [
      { type: 'backlink', href: 'https://partner.example/', text: 'trusted partner' },
    ],
  }),
  invalid_parameter: INVALID_ID,
  invalid_if_match: INVALID_IF_MATCH,
};

const IMAGE_422 = {
  validation_failed: error('Neither or both of image and url', {
    error: 'validation_failed',
    message: 'Invalid request body: send either image or url, not both.',
    details: [{ field: 'image', message: 'must not be sent together with url' }],
  }),
  unsupported_image_type: error('Not a JPEG, PNG, WebP, GIF or AVIF', {
    error: 'unsupported_image_type',
    message:
      'The file is not a JPEG, PNG, WebP, GIF or AVIF image (judged by its bytes, not its name or declared type).',
    details: [{ field: 'image', message: 'is not a JPEG, PNG, WebP, GIF or AVIF image' }],
  }),
  invalid_image: error('A damaged image', {
    error: 'invalid_image',
    message: 'The PNG image is damaged: the IDAT chunk is cut off.',
    details: [{ field: 'image', message: 'is a damaged PNG: the IDAT chunk is cut off' }],
  }),
  image_too_large: error('Over 10 MiB', {
    error: 'image_too_large',
    message: `The image is larger than ${MAX_IMAGE_BYTES} bytes.`,
    limit: MAX_IMAGE_BYTES,
    details: [{ field: 'image', message: `must be at most ${MAX_IMAGE_BYTES} bytes` }],
  }),
  invalid_url: error('Not an absolute http(s) URL', {
    error: 'invalid_url',
    message: 'Invalid url: must be an absolute http or https URL.',
    details: [{ field: 'url', message: 'must be an absolute http or https URL' }],
  }),
  invalid_parameter: INVALID_ID,
  invalid_if_match: INVALID_IF_MATCH,
};

/** Path id, If-Match and every error response of an article write. */
export function ApiArticleWrite(write: 'update' | 'featured-image') {
  return applyDecorators(
    ApiIdParam('Article id.'),
    ApiHeader({
      name: 'If-Match',
      required: false,
      description:
        'The ETag of `GET /api/v1/articles/{id}` (or of a previous write), with its double quotes. When the article has changed since, the write is refused with 412 and nothing changes. `*` matches any version; several tags may be given, separated by commas. A value that is no entity-tag list (e.g. the tag without its quotes) is 422 `invalid_parameter`, and so is a weak tag (`W/"…"`): If-Match compares strongly (RFC 9110 §13.1.1).',
      schema: {
        type: 'string',
        maxLength: MAX_IF_MATCH_LENGTH,
        pattern: ENTITY_TAGS_PATTERN,
        example: '"q3k9Xw2b7Yt0pLmN4cVh8sR1aZe"',
      },
    }),
    ApiResponse({ status: 401, examples: AUTH_EXAMPLES[401] }),
    ApiResponse({ status: 403, examples: AUTH_EXAMPLES[403] }),
    ApiResponse({
      status: 404,
      description: 'The article does not exist or is not on your account (`article_not_found`).',
      type: ErrorResponseDto,
      examples: NOT_FOUND,
    }),
    ApiResponse({
      status: 412,
      description:
        'If-Match does not match the article’s current ETag (`precondition_failed`); the article is unchanged.',
      type: ErrorResponseDto,
      examples: PRECONDITION,
    }),
    ApiResponse({
      status: 413,
      description:
        write === 'update'
          ? 'The JSON body is over 8 MB (`payload_too_large`); the article is unchanged.'
          : 'A JSON body over 8 MB (`payload_too_large`; an uploaded image over 10,485,760 bytes is 422 `image_too_large`); the article is unchanged.',
      type: ErrorResponseDto,
      examples: TOO_LARGE,
    }),
    ApiResponse({
      status: 415,
      description:
        'A JSON body in a charset other than UTF-8, or with a `Content-Encoding` other than gzip, deflate or br (`unsupported_media_type`); the article is unchanged.',
      type: ErrorResponseDto,
      examples: UNSUPPORTED_MEDIA_TYPE,
    }),
    ApiResponse({
      status: 422,
      description:
        write === 'update'
          ? 'A body field is missing, invalid or unknown (`validation_failed`, with `details` and `limit` for lengths); the body has markup outside the editor’s allow-list (`body_not_allowed`, one `details` entry per violation); the edit removes, rewrites or adds protected links (`protected_links_modified`, with `protected_links`: removed or rewritten links as stored, then added ones); or the path id or If-Match is invalid (`invalid_parameter`). The article is unchanged.'
          : 'Neither or both of `image` and `url`, or an unknown field (`validation_failed`); bytes that are no JPEG, PNG, WebP, GIF or AVIF (`unsupported_image_type`); an accepted type with broken data (`invalid_image`); a file over 10,485,760 bytes (`image_too_large`, with `limit`); a url that is not absolute http(s) or is over 2,048 characters (`invalid_url`); or an invalid path id or If-Match (`invalid_parameter`). The article is unchanged.',
      type: ErrorResponseDto,
      examples: write === 'update' ? PUT_422 : IMAGE_422,
    }),
    ApiResponse({
      status: 429,
      description:
        'The key’s daily edit limit is used up (`edit_limit_exceeded`, `limit` 200 by default, `Retry-After` until the next midnight UTC), or its request rate limit (`rate_limited`). Refused edits do not count.',
      type: ErrorResponseDto,
      headers: { 'Retry-After': RETRY_AFTER },
      examples: TOO_MANY,
    }),
    ...(write === 'featured-image'
      ? [
          ApiResponse({
            status: 503,
            description:
              'The media storage could not take the upload, or the database cannot be reached (`service_unavailable`, with `Retry-After`); the article is unchanged.',
            type: ErrorResponseDto,
            headers: { 'Retry-After': RETRY_AFTER },
            examples: {
              service_unavailable: error('Media storage unavailable', {
                error: 'service_unavailable',
                message: 'The service is briefly unavailable; retry shortly.',
              }),
            },
          }),
        ]
      : []),
  );
}
