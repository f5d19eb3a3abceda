/**
 * A console request that ends in a page saying why: its status, the error
 * identifier the learning log records, a heading and a sentence for the person.
 */
export class ConsolePageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Not signed in on a page that needs it: sent to sign in, and back here after. */
export class SignInRequiredError extends Error {
  constructor(readonly returnTo: string) {
    super('Sign in to continue.');
    this.name = 'SignInRequiredError';
  }
}

export class PageNotFoundError extends ConsolePageError {
  constructor() {
    super(
      404,
      'not_found',
      'Page not found',
      'There is nothing here: the address may be mistyped, or what it pointed to is not on your account.',
    );
  }
}

export class CsrfRejectedError extends ConsolePageError {
  constructor() {
    super(
      403,
      'csrf_rejected',
      'This form could not be accepted',
      'It did not come from a page of this console, or the page was too old. Go back, reload the page and try again.',
    );
  }
}

export class ActionNotAllowedError extends ConsolePageError {
  constructor(message: string) {
    super(403, 'forbidden', 'Not allowed', message);
  }
}
