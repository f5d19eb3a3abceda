import { ApiError } from '../common/errors/api-error.js';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="content-api"' };

export class MissingCredentialsError extends ApiError {
  constructor() {
    super(
      401,
      'missing_credentials',
      'Send your API key as "Authorization: Bearer <key>" or "X-API-Key: <key>".',
      {},
      CHALLENGE,
    );
  }
}

export class InvalidCredentialsError extends ApiError {
  constructor(message = 'The API key is unknown, revoked or expired.') {
    super(401, 'invalid_credentials', message, {}, CHALLENGE);
  }
}

export class PlanNotEligibleError extends ApiError {
  constructor(plan: string) {
    super(
      403,
      'plan_not_eligible',
      `API access is included in the Enterprise and Agency plans; this account is on ${plan}.`,
    );
  }
}

export class AccountSuspendedError extends ApiError {
  constructor() {
    super(403, 'account_suspended', 'This account is suspended.');
  }
}

export class InsufficientScopeError extends ApiError {
  constructor(scope: string) {
    super(403, 'insufficient_scope', `This key lacks the "${scope}" scope.`);
  }
}
