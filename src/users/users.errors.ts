import { NotFoundError, ValidationFailedError } from '../common/errors/api-error.js';

export class UserNotFoundError extends NotFoundError {
  constructor(userId: number) {
    super(`User ${userId} does not exist.`);
  }
}

export class EmailTakenError extends ValidationFailedError {
  constructor() {
    super('Another user already signs in with this email.', [
      { field: 'email', message: 'is already used by another user' },
    ]);
  }
}

export class InvalidEmailError extends ValidationFailedError {
  constructor() {
    super('The email address is not valid.', [{ field: 'email', message: 'must be an email' }]);
  }
}

export class WeakPasswordError extends ValidationFailedError {
  constructor(problem: string, limit: number) {
    super(`The password ${problem}.`, [{ field: 'password', message: problem }], limit);
  }
}

/** Unknown, used, expired, or of a user since disabled: all the same to whoever holds it. */
export class PasswordLinkInvalidError extends NotFoundError {
  constructor() {
    super('This set-password link is not valid: it may have expired or been used already.');
  }
}
