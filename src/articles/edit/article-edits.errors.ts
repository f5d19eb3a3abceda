import { ApiError, FieldProblem, ProtectedLinkRef } from '../../common/errors/api-error.js';

export class BodyNotAllowedError extends ApiError {
  constructor(violations: FieldProblem[], limit?: number) {
    super(
      422,
      'body_not_allowed',
      `The body contains markup the editor does not allow: ${violations.map((v) => v.message).join('; ')}.`,
      { details: violations, ...(limit === undefined ? {} : { limit }) },
    );
  }
}

export class ProtectedLinksModifiedError extends ApiError {
  constructor(links: ProtectedLinkRef[]) {
    super(
      422,
      'protected_links_modified',
      'The edit removes, rewrites or adds protected links; every element marked data-service-protected must stay exactly as it is (it may move).',
      { protected_links: links },
    );
  }
}

export class PreconditionFailedError extends ApiError {
  constructor() {
    super(
      412,
      'precondition_failed',
      'The article has changed since the ETag sent in If-Match; fetch it again and reapply your edit.',
    );
  }
}

export class EditLimitExceededError extends ApiError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      429,
      'edit_limit_exceeded',
      `This key has made its ${limit} article edits for today (UTC); the limit resets at midnight UTC.`,
      { limit },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

export class InvalidUrlError extends ApiError {
  constructor(problem: string, limit?: number) {
    super(422, 'invalid_url', `Invalid url: ${problem}.`, {
      details: [{ field: 'url', message: problem }],
      ...(limit === undefined ? {} : { limit }),
    });
  }
}

export class RevisionNotFoundError extends ApiError {
  constructor(articleId: number, number: number) {
    super(404, 'not_found', `Article ${articleId} has no revision ${number}.`);
  }
}

export class RestoreDropsProtectedLinksError extends ApiError {
  constructor(number: number, links: ProtectedLinkRef[]) {
    super(
      422,
      'protected_links_modified',
      `Revision ${number} lacks or alters protected links that the current body carries; restoring it would drop them, so nothing was changed.`,
      { protected_links: links },
    );
  }
}
