import { ConsolePageError } from '../console.errors.js';

/** Too many failed sign-ins for an email: every attempt for it is refused for a while. */
export class SignInThrottledError extends ConsolePageError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      429,
      'rate_limited',
      'Too many failed sign-ins',
      `There were too many failed attempts to sign in with this email. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}; until then every attempt for it is refused.`,
      { 'Retry-After': String(retryAfterSeconds) },
      { href: '/console/sign-in', label: 'Back to sign in' },
    );
  }
}

/** A link to choose a password that is unknown, used or past its time. */
export class SetPasswordLinkError extends ConsolePageError {
  constructor() {
    super(
      404,
      'not_found',
      'This link does not work any more',
      'Links to choose a password work once, and for a limited time: 1 hour for a forgotten password, 7 days for an invitation. Ask for a new one: "Forgot your password?" on the sign-in page, or the owner who invited you.',
      {},
      { href: '/console/forgot-password', label: 'Forgot your password?' },
    );
  }
}

/** Too many forgot-password requests for an email, or from one address, in the last hour. */
export class PasswordResetThrottledError extends ConsolePageError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      429,
      'rate_limited',
      'Too many requests',
      `There were too many requests for a new password for this email, or from your network, in the last hour. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}; a link already sent keeps working for its hour.`,
      { 'Retry-After': String(retryAfterSeconds) },
      { href: '/console/sign-in', label: 'Back to sign in' },
    );
  }
}

/** A link confirming a new email address that is unknown, used or past its time. */
export class EmailLinkError extends ConsolePageError {
  constructor() {
    super(
      404,
      'not_found',
      'This link does not work any more',
      'Links confirming a new email address work once, for 24 hours. Ask for a new one from "Your account" in the console.',
      {},
      { href: '/console/account', label: 'Your account' },
    );
  }
}
