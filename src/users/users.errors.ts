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
  constructor(problem: string, limit?: number) {
    super(`The password ${problem}.`, [{ field: 'password', message: problem }], limit);
  }
}

export class InvalidNameError extends ValidationFailedError {
  constructor() {
    super('The name must not contain control characters (such as a tab, a line break or NUL).', [
      { field: 'name', message: 'must not contain control characters' },
    ]);
  }
}

/** Unknown, used, expired, or of a user since disabled: all the same to whoever holds it. */
export class PasswordLinkInvalidError extends NotFoundError {
  constructor() {
    super('This set-password link is not valid: it may have expired or been used already.');
  }
}

/** Changing one's password or email: the current password given was not right. */
export class CurrentPasswordWrongError extends ValidationFailedError {
  constructor() {
    super('The current password is not right.', [
      { field: 'current_password', message: 'is not the current password' },
    ]);
  }
}

export class SamePasswordError extends ValidationFailedError {
  constructor() {
    super('The new password is the current one: choose another.', [
      { field: 'password', message: 'must differ from the current password' },
    ]);
  }
}

export class InvalidTimeZoneError extends ValidationFailedError {
  constructor() {
    super('Choose a time zone from the list.', [
      { field: 'time_zone', message: 'must be an IANA time zone' },
    ]);
  }
}

export class SameEmailError extends ValidationFailedError {
  constructor() {
    super('That is already your email address.', [
      { field: 'email', message: 'is the current address' },
    ]);
  }
}

/** Unknown, used or expired: an email confirmation link that cannot be used. */
export class EmailLinkInvalidError extends NotFoundError {
  constructor() {
    super('This confirmation link is not valid: it may have expired or been used already.');
  }
}

/** Not a pending invitation of the account (accepted, revoked, another account's, or none). */
export class InvitationNotFoundError extends NotFoundError {
  constructor(userId: number) {
    super(`Invitation ${userId} does not exist.`);
  }
}
