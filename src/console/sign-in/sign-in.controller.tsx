import { Controller, Get, Inject, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { safeReturnTo } from './return-to.js';
import { SignInService } from './sign-in.service.js';
import { SignedInUsers } from './session/signed-in-users.service.js';
import { ApiError } from '../../common/errors/api-error.js';
import { hasControlCharacter } from '../../common/pipes/nul-field.js';
import { passwordChangedMail } from '../../mail/index.js';
import { UsersService } from '../../users/index.js';
import { AccountMail } from '../account/account-mail.js';
import { WaitingAssistants } from '../authorize/waiting-assistants.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { type AnyonePageContext, PageContext } from '../page/page-context.decorator.js';
import { Refused, SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { SetPasswordPage } from './set-password.page.js';
import { SetPasswordLinkError, SignInThrottledError } from './sign-in.errors.js';
import { SignInPage } from './sign-in.page.js';
import { SecurityNotices } from '../security/security-notices.js';

const HOME = '/console';
const REFUSED = 'That email and password do not match an active user. Check both and try again.';
const CONTROL_CHARACTERS =
  'The email or password holds a control character (such as a tab, a line break or NUL), which neither can contain. Type them again.';

/**
 * Signing in and out, and choosing a password through a set-password link.
 * Signing in and out change the session itself, so those handlers take the request.
 */
@ConsolePages('anyone')
@Controller('console')
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    private readonly signedIn: SignedInUsers,
    private readonly users: UsersService,
    private readonly assistants: WaitingAssistants,
    private readonly mail: AccountMail,
    private readonly notices: SecurityNotices,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The form; on the way to an assistant's consent page, it names the assistant asking. */
  @Get('sign-in')
  async page(
    @PageContext('anyone') page: AnyonePageContext,
    @Query('return_to') returnTo: unknown,
    @Req() req: Request,
  ) {
    const next = safeReturnTo(returnTo, this.config.publicBaseUrl, HOME);
    if (page.user) return new SeeOther(next);
    return (
      <SignInPage
        page={page}
        returnTo={next}
        assistant={await this.assistants.nameFor(next)}
        insecure={this.insecureNotice(req)}
      />
    );
  }

  @Post('sign-in')
  @ConsoleAction('signIn')
  async submit(
    @PageContext('anyone') page: AnyonePageContext,
    @Form() form: PostedForm,
    @Req() req: Request,
  ) {
    const email = form.field('email').trim();
    const next = safeReturnTo(form.field('return_to'), this.config.publicBaseUrl, HOME);
    const password = form.field('password');
    // Refused before anything is looked up or counted: no address or password holds one.
    if (hasControlCharacter(email) || hasControlCharacter(password)) {
      return new Refused(
        422,
        'validation_failed',
        <SignInPage page={page} returnTo={next} error={CONTROL_CHARACTERS} />,
      );
    }
    const outcome = await this.signIn.signIn(req, email, password, next);
    if (outcome.user) {
      req.consoleActor = { userId: outcome.user.id, accountId: outcome.user.account_id };
    }
    switch (outcome.result) {
      case 'signed-in':
        req.signedInUser = await this.signedIn.of(req);
        await this.notices.signedIn(req, outcome.user, outcome.newBrowser);
        return new SeeOther(next);
      case 'second-step':
        return new SeeOther('/console/sign-in/second-factor');
      case 'refused':
        return new Refused(
          401,
          'invalid_credentials',
          <SignInPage page={page} returnTo={next} email={email} error={REFUSED} />,
        );
      case 'throttled':
        throw new SignInThrottledError(outcome.retryAfterSeconds);
    }
  }

  @Post('sign-out')
  @ConsoleAction('signOut')
  async signOut(@Req() req: Request) {
    await this.signIn.signOut(req);
    return new SeeOther('/console/sign-in', { notice: 'You are signed out.' });
  }

  @Get('set-password')
  async setPasswordPage(
    @PageContext('anyone') page: AnyonePageContext,
    @Query('token') token: unknown,
  ) {
    const holder = await this.users
      .linkHolder(typeof token === 'string' ? token : '')
      .catch(invalidLink);
    return (
      <SetPasswordPage
        page={page}
        token={String(token)}
        email={holder.email}
        purpose={holder.purpose}
      />
    );
  }

  @Post('set-password')
  @ConsoleAction('setPassword')
  async setPassword(
    @PageContext('anyone') page: AnyonePageContext,
    @Form() form: PostedForm,
    @Req() req: Request,
  ) {
    const token = form.field('token');
    const password = form.field('password');
    const holder = await this.users.linkHolder(token).catch(invalidLink);
    req.consoleActor = { userId: holder.id, accountId: holder.account_id };
    const again = (error: string) =>
      new Refused(
        422,
        'validation_failed',
        <SetPasswordPage
          page={page}
          token={token}
          email={holder.email}
          purpose={holder.purpose}
          error={error}
        />,
      );
    if (password !== form.field('confirm')) return again('The two passwords differ.');
    try {
      await this.users.setPasswordWithLink(token, password);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed')
        return again(error.message);
      invalidLink(error);
    }
    // A reset was asked for by email: tell that address it happened.
    if (holder.purpose === 'reset') await this.mail.send(holder, passwordChangedMail);
    return new SeeOther('/console/sign-in', { notice: 'Your password is set. Sign in with it.' });
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
  if (error instanceof ApiError && error.status === 404) throw new SetPasswordLinkError();
  throw error instanceof Error ? error : new Error(String(error));
}
