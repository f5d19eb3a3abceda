import { Controller, Get, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../../common/errors/api-error.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { confirmEmailMail, passwordChangedMail } from '../../mail/index.js';
import {
  CONFIRM_EMAIL_PATH,
  CurrentPasswordWrongError,
  EMAIL_LINK_TTL_HOURS,
  OwnAccount,
  UsersService,
} from '../../users/index.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { PageContext } from '../page/page-context.decorator.js';
import { Refused, SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { SignInThrottle } from '../sign-in/sign-in-throttle.js';
import { SignInThrottledError } from '../sign-in/sign-in.errors.js';
import { AccountMail } from './account-mail.js';
import { type AccountFormError, AccountPage } from './account.page.js';

const HERE = '/console/account';

/**
 * "Your account": a person's own profile (display name, time zone), email
 * (changed once the new address confirms it) and password (changed with the
 * current one; their other sessions end). Wrong current passwords count
 * towards the sign-in slow-down of the person's email, so this form is no
 * way around it.
 */
@ConsolePages()
@Controller('console/account')
export class AccountController {
  constructor(
    private readonly own: OwnAccount,
    private readonly users: UsersService,
    private readonly throttle: SignInThrottle,
    private readonly mail: AccountMail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(@PageContext() page: PageContext) {
    return this.view(page);
  }

  @Post('profile')
  @ConsoleAction('updateProfile')
  async profile(@PageContext() page: PageContext, @Form() form: PostedForm) {
    const input = { name: form.field('name'), timeZone: form.field('time_zone') };
    try {
      await this.own.updateProfile(page.user.id, input);
    } catch (error) {
      return this.refused(page, error, { form: 'profile', ...input });
    }
    return new SeeOther(HERE, { notice: 'Your profile is saved.' });
  }

  @Post('password')
  @ConsoleAction('changePassword')
  async password(@PageContext() page: PageContext, @Form() form: PostedForm, @Req() req: Request) {
    const password = form.field('password');
    if (password !== form.field('confirm')) {
      return this.refused(page, undefined, {
        form: 'password',
        message: 'The two new passwords differ.',
      });
    }
    await this.admit(page.user.email);
    let epoch: number;
    try {
      epoch = await this.own.changePassword(page.user.id, form.field('current_password'), password);
    } catch (error) {
      if (!(error instanceof CurrentPasswordWrongError))
        await this.throttle.succeeded(page.user.email);
      return this.refused(page, error, { form: 'password' });
    }
    await this.throttle.succeeded(page.user.email);
    // Every other session has ended; this one carries on in the new epoch.
    req.session.sessionEpoch = epoch;
    await this.mail.send(await this.users.get(page.user.id), passwordChangedMail);
    return new SeeOther(HERE, {
      notice: 'Your password is changed. Your other sessions are signed out.',
    });
  }

  @Post('email')
  @ConsoleAction('requestEmailChange')
  async email(@PageContext() page: PageContext, @Form() form: PostedForm) {
    const typed = { form: 'email' as const, email: form.field('email') };
    if (!(await this.confirmIdentity(page.user, form.field('current_password')))) {
      return this.refused(page, new CurrentPasswordWrongError(), typed);
    }
    let change: { email: string; token: string };
    try {
      change = await this.own.requestEmailChange(page.user.id, typed.email);
    } catch (error) {
      return this.refused(page, error, typed);
    }
    const url = `${this.config.publicBaseUrl}${CONFIRM_EMAIL_PATH}?token=${change.token}`;
    await this.mail.send(
      await this.users.get(page.user.id),
      (about) => confirmEmailMail({ ...about, url, validHours: EMAIL_LINK_TTL_HOURS }),
      change.email,
    );
    return new SeeOther(HERE, {
      notice: this.mail.configured
        ? `We sent a link to ${change.email}. Your email changes when it is followed (within ${EMAIL_LINK_TTL_HOURS} hours).`
        : `This server sends no email: the link confirming ${change.email} is in the server log. Your email changes when it is followed.`,
    });
  }

  /**
   * The check before changing the email: the current password, slowed down
   * like signing in. The re-authentication of accounts.md (within 10
   * minutes) replaces it.
   */
  private async confirmIdentity(
    user: { id: number; email: string },
    password: string,
  ): Promise<boolean> {
    await this.admit(user.email);
    const right = await this.own.isCurrentPassword(user.id, password);
    if (right) await this.throttle.succeeded(user.email);
    return right;
  }

  private async admit(email: string): Promise<void> {
    const verdict = await this.throttle.begin(email);
    if (!verdict.allowed) throw new SignInThrottledError(verdict.retryAfterSeconds);
  }

  private async view(page: PageContext, error?: AccountFormError) {
    return (
      <AccountPage
        page={page}
        profile={await this.own.profile(page.user.id)}
        error={error}
        mailConfigured={this.mail.configured}
      />
    );
  }

  /** The page again, with the form's problem and what was typed (never a password); 422. */
  private async refused(
    page: PageContext,
    error: unknown,
    typed: Omit<AccountFormError, 'message'> & { message?: string },
  ) {
    if (error !== undefined && !(error instanceof ApiError && error.status === 422)) {
      throw error instanceof Error ? error : new Error('Unexpected refusal');
    }
    const message = typed.message ?? (error as ApiError).message;
    return new Refused(422, 'validation_failed', await this.view(page, { ...typed, message }));
  }
}
