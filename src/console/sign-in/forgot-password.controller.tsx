import { Controller, Get, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { hasControlCharacter } from '../../common/pipes/nul-field.js';
import { passwordResetMail } from '../../mail/index.js';
import { UsersService } from '../../users/index.js';
import { AccountMail } from '../account/account-mail.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { type AnyonePageContext, PageContext } from '../page/page-context.decorator.js';
import { Refused, SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { ForgotPasswordPage } from './forgot-password.page.js';
import { PasswordResetThrottle } from './password-reset-throttle.js';
import { PasswordResetThrottledError } from './sign-in.errors.js';

const MAX_EMAIL_LENGTH = 254;
const SENT = '/console/forgot-password?sent=1';

/**
 * "Forgot your password?": a link valid 1 hour to the person's address. The
 * answer is the same page whether or not anyone signs in with the email;
 * requests are limited per email and per client address.
 */
@ConsolePages('anyone')
@Controller('console/forgot-password')
export class ForgotPasswordController {
  constructor(
    private readonly users: UsersService,
    private readonly throttle: PasswordResetThrottle,
    private readonly mail: AccountMail,
  ) {}

  @Get()
  page(@PageContext('anyone') page: AnyonePageContext, @Query('sent') sent: unknown) {
    return <ForgotPasswordPage page={page} sent={sent === '1'} />;
  }

  @Post()
  @ConsoleAction('requestPasswordReset')
  async request(
    @PageContext('anyone') page: AnyonePageContext,
    @Form() form: PostedForm,
    @Req() req: Request,
  ) {
    const email = form.field('email').trim();
    if (email === '' || email.length > MAX_EMAIL_LENGTH || hasControlCharacter(email)) {
      return new Refused(
        422,
        'validation_failed',
        <ForgotPasswordPage
          page={page}
          error="Give the email address you sign in with (one line, at most 254 characters)."
        />,
      );
    }
    const verdict = await this.throttle.admit(email, req.ip ?? 'unknown');
    if (!verdict.allowed) throw new PasswordResetThrottledError(verdict.retryAfterSeconds);
    const link = await this.users.resetLink(email);
    if (link !== null) {
      req.consoleActor = { userId: link.user.id, accountId: link.user.account_id };
      await this.mail.send(link.user, (about) => passwordResetMail({ ...about, url: link.url }));
    }
    return new SeeOther(SENT);
  }
}
