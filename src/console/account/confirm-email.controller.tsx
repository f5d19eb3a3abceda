import { Controller, Get, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../../common/errors/api-error.js';
import { emailChangedMail } from '../../mail/index.js';
import { OwnAccount } from '../../users/index.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { type AnyonePageContext, PageContext } from '../page/page-context.decorator.js';
import { SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { EmailLinkError } from '../sign-in/sign-in.errors.js';
import { AccountMail } from './account-mail.js';
import { ConfirmEmailPage } from './confirm-email.page.js';

/**
 * Following the link sent to a new address. Anyone holding the link may use
 * it (it may be opened in another browser, signed out): having the new
 * mailbox is what it proves. The old address is told once the change is made.
 */
@ConsolePages('anyone')
@Controller('console/confirm-email')
export class ConfirmEmailController {
  constructor(
    private readonly own: OwnAccount,
    private readonly mail: AccountMail,
  ) {}

  @Get()
  async page(@PageContext('anyone') page: AnyonePageContext, @Query('token') token: unknown) {
    const text = typeof token === 'string' ? token : '';
    const change = await this.own.emailChangeOf(text).catch(invalidLink);
    return (
      <ConfirmEmailPage
        page={page}
        token={text}
        oldEmail={change.user.email}
        newEmail={change.newEmail}
      />
    );
  }

  @Post()
  @ConsoleAction('confirmEmailChange')
  async confirm(
    @PageContext('anyone') page: AnyonePageContext,
    @Form() form: PostedForm,
    @Req() req: Request,
  ) {
    const { user, oldEmail } = await this.own
      .confirmEmailChange(form.field('token'))
      .catch(invalidLink);
    req.consoleActor = { userId: user.id, accountId: user.account_id };
    await this.mail.send(
      user,
      (about) => emailChangedMail({ ...about, newAddress: user.email }),
      oldEmail,
    );
    const notice = `Your email is now ${user.email}.`;
    return page.user?.id === user.id
      ? new SeeOther('/console/account', { notice })
      : new SeeOther('/console/sign-in', { notice: `${notice} Sign in with it.` });
  }
}

function invalidLink(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) throw new EmailLinkError();
  throw error instanceof Error ? error : new Error(String(error));
}
