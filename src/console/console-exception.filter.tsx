import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from '../common/errors/api-error.js';
import { isDatabaseUnavailable } from '../database/index.js';
import { CsrfProtection } from './sign-in/session/csrf-protection.js';
import { ConsolePageError, PageNotFoundError, SignInRequiredError } from './console.errors.js';
import { sendPage } from './page/render-html.js';
import { ENROLMENT_PATH, EnrolmentRequiredError } from './sign-in/enrolment.js';
import { REAUTHENTICATE_PATH, RecentSignInRequiredError } from './sign-in/recent-sign-in.js';
import { ErrorPage } from './views/error-page.js';

/**
 * Every failure of a console page becomes a page, never the API's JSON: a
 * sign-in redirect (or one to re-authenticate, or to set up a second factor), a "not found" that looks the same whether the thing is
 * missing or another account's, or a page saying what went wrong. The error
 * identifier is left for the learning log, as the API's filter does.
 */
@Catch()
export class ConsoleExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ConsoleExceptionFilter');

  constructor(private readonly csrf: CsrfProtection) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof SignInRequiredError) {
      res.locals.errorCode = 'sign_in_required';
      res.locals.consoleStatus = 401;
      const query =
        exception.returnTo === '/console'
          ? ''
          : `?return_to=${encodeURIComponent(exception.returnTo)}`;
      res.redirect(303, `/console/sign-in${query}`);
      return;
    }
    if (exception instanceof RecentSignInRequiredError) {
      res.locals.errorCode = 'reauthentication_required';
      res.redirect(
        303,
        `${REAUTHENTICATE_PATH}?return_to=${encodeURIComponent(exception.returnTo)}`,
      );
      return;
    }
    if (exception instanceof EnrolmentRequiredError) {
      res.locals.errorCode = 'second_factor_required';
      res.redirect(303, ENROLMENT_PATH);
      return;
    }
    const error = this.toPageError(exception);
    res.locals.errorCode = error.code;
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    const user = req.signedInUser ?? null;
    const csrf = user && req.session ? this.csrf.token(req) : undefined;
    await sendPage(
      res,
      error.status,
      <ErrorPage
        status={error.status}
        title={error.title}
        message={error.message}
        page={{ user, csrf }}
        next={error.next}
      />,
    );
  }

  private toPageError(exception: unknown): ConsolePageError {
    if (exception instanceof ConsolePageError) return exception;
    if (exception instanceof ApiError && exception.status === 404) return new PageNotFoundError();
    if (exception instanceof ApiError && exception.status < 500) {
      return new ConsolePageError(
        exception.status,
        exception.code,
        'That did not work',
        exception.message,
      );
    }
    if (exception instanceof HttpException && exception.getStatus() === 404)
      return new PageNotFoundError();
    if (isBodyTooLarge(exception)) {
      return new ConsolePageError(
        413,
        'payload_too_large',
        'That form was too large',
        'Nothing was changed. Go back and try again with less.',
      );
    }
    if (
      isDatabaseUnavailable(exception) ||
      (exception instanceof ApiError && exception.status === 503)
    ) {
      return new ConsolePageError(
        503,
        'service_unavailable',
        'The console is briefly unavailable',
        'The database cannot be reached right now. Nothing was changed; try again in a moment.',
        { 'Retry-After': '5' },
      );
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
    );
    return new ConsolePageError(
      500,
      'internal_error',
      'Something went wrong on our side',
      'It has been logged. Nothing you did caused it; try again in a moment.',
    );
  }
}

function isBodyTooLarge(exception: unknown): boolean {
  return (exception as { type?: unknown } | null)?.type === 'entity.too.large';
}
