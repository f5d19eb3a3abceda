import { Controller, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { CsrfProtection } from '../../sign-in/csrf-protection.js';
import { safeReturnTo } from '../../sign-in/return-to.js';
import { SignInService } from '../../sign-in/sign-in.service.js';
import { SignedInUsers } from '../../sign-in/signed-in-users.service.js';
import { ApiError } from '../../common/errors/api-error.js';
import { UsersService } from '../../users/users.service.js';
import { ConsoleAction, ConsolePages } from '../console-pages.decorator.js';
import { ConsolePageError } from '../console.errors.js';
import { formField, leaveNotice, takeNotice } from '../form-fields.js';
import { sendPage } from '../html-response.js';
import { seeOther } from '../see-other.js';
import { SetPasswordPage } from './set-password.page.js';
import { SignInPage, ThrottledPage } from './sign-in.page.js';

const HOME = '/console';
const REFUSED = 'That email and password do not match an active user. Check both and try again.';

/** Signing in and out, and choosing a password through a set-password link. */
@ConsolePages('anyone')
@Controller('console')
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    private readonly signedIn: SignedInUsers,
    private readonly users: UsersService,
    private readonly csrf: CsrfProtection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sign-in')
  async page(
    @Req() req: Request,
    @Res() res: Response,
    @Query('return_to') returnTo: unknown,
  ): Promise<void> {
    const next = safeReturnTo(returnTo, HOME);
    if (req.signedInUser) return seeOther(req, res, next);
    await sendPage(
      res,
      200,
      <SignInPage
        csrf={this.csrf.token(req)}
        returnTo={next}
        notice={takeNotice(req)}
        insecure={this.insecureNotice(req)}
      />,
    );
  }

  @Post('sign-in')
  @ConsoleAction('signIn')
  async submit(@Req() req: Request, @Res() res: Response): Promise<void> {
    const email = formField(req, 'email').trim();
    const next = safeReturnTo(formField(req, 'return_to'), HOME);
    const outcome = await this.signIn.signIn(req, email, formField(req, 'password'));
    if (outcome.user) {
      req.consoleActor = { userId: outcome.user.id, accountId: outcome.user.account_id };
    }
    switch (outcome.result) {
      case 'signed-in':
        req.signedInUser = await this.signedIn.of(req);
        return seeOther(req, res, next);
      case 'refused':
        res.locals.errorCode = 'invalid_credentials';
        return sendPage(
          res,
          401,
          <SignInPage csrf={this.csrf.token(req)} returnTo={next} email={email} error={REFUSED} />,
        );
      case 'throttled':
        res.locals.errorCode = 'rate_limited';
        res.setHeader('Retry-After', String(outcome.retryAfterSeconds));
        return sendPage(
          res,
          429,
          <ThrottledPage minutes={Math.ceil(outcome.retryAfterSeconds / 60)} />,
        );
    }
  }

  @Post('sign-out')
  @ConsoleAction('signOut')
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.signIn.signOut(req);
    leaveNotice(req, 'You are signed out.');
    await seeOther(req, res, '/console/sign-in');
  }

  @Get('set-password')
  async setPasswordPage(
    @Req() req: Request,
    @Res() res: Response,
    @Query('token') token: unknown,
  ): Promise<void> {
    const holder = await this.users
      .linkHolder(typeof token === 'string' ? token : '')
      .catch(invalidLink);
    await sendPage(
      res,
      200,
      <SetPasswordPage csrf={this.csrf.token(req)} token={String(token)} email={holder.email} />,
    );
  }

  @Post('set-password')
  @ConsoleAction('setPassword')
  async setPassword(@Req() req: Request, @Res() res: Response): Promise<void> {
    const token = formField(req, 'token');
    const password = formField(req, 'password');
    const holder = await this.users.linkHolder(token).catch(invalidLink);
    req.consoleActor = { userId: holder.id, accountId: holder.account_id };
    const again = (error: string) => {
      res.locals.errorCode = 'validation_failed';
      return sendPage(
        res,
        422,
        <SetPasswordPage
          csrf={this.csrf.token(req)}
          token={token}
          email={holder.email}
          error={error}
        />,
      );
    };
    if (password !== formField(req, 'confirm')) return again('The two passwords differ.');
    try {
      await this.users.setPasswordWithLink(token, password);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed')
        return again(error.message);
      invalidLink(error);
    }
    leaveNotice(req, 'Your password is set. Sign in with it.');
    await seeOther(req, res, '/console/sign-in');
  }

  /** Signing in over http to an https console cannot keep its Secure cookie: say so up front. */
  private insecureNotice(req: Request): string | undefined {
    const https = this.config.publicBaseUrl.startsWith('https:');
    const forwarded = req.headers['x-forwarded-proto'];
    const secure =
      req.secure || (typeof forwarded === 'string' && forwarded.split(',')[0].trim() === 'https');
    return https && !secure ? `${this.config.publicBaseUrl}/console/sign-in` : undefined;
  }
}

function invalidLink(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) {
    throw new ConsolePageError(
      404,
      'not_found',
      'This link does not work any more',
      'Set-password links work once and for 24 hours. Ask whoever runs content-api for your agency for a new one.',
    );
  }
  throw error instanceof Error ? error : new Error(String(error));
}
