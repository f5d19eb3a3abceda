export interface PageLink {
  href: string;
  label: string;
}

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
    /** Where to go on from the page, instead of the overview (or sign-in). */
    readonly next?: PageLink,
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

/**
 * A form from a page of this console opened at another address than
 * PUBLIC_BASE_URL's (another host name, or another port): refused as the
 * origin check demands, with the address to use instead of the generic
 * CSRF page, which no reload would fix.
 */
export class WrongAddressError extends ConsolePageError {
  constructor(publicBaseUrl: string, openedAt: string) {
    const consoleUrl = `${publicBaseUrl}/console`;
    super(
      403,
      'wrong_address',
      'Open the console at its own address',
      `This page was opened at ${openedAt}, but the console's address is ${publicBaseUrl} (its PUBLIC_BASE_URL), and it accepts forms only from pages at that address. Nothing was changed. Open ${consoleUrl} and sign in there; to use ${openedAt} instead, whoever runs content-api sets PUBLIC_BASE_URL to it.`,
      {},
      { href: consoleUrl, label: `Open ${consoleUrl}` },
    );
  }
}
