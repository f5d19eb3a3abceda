import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiError } from '../../common/errors/api-error.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { invitationMail } from '../../mail/index.js';
import {
  Invitations,
  USER_ROLES,
  type UserRole,
  UsersService,
  type UserStatus,
  type UserView,
} from '../../users/index.js';
import { AccountMail } from '../account/account-mail.js';
import { assertNotSuspended } from '../account-access.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ActionNotAllowedError, PageNotFoundError } from '../console.errors.js';
import { CurrentUser } from '../current-user.decorator.js';
import { type ShownOnce, TakeShownOnce } from '../page/flash.js';
import { PageContext } from '../page/page-context.decorator.js';
import { RecentSignIn } from '../sign-in/recent-sign-in.js';
import { Refused, SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { DisablePersonPage, PeoplePage, PersonAddedPage, type PersonForm } from './people.page.js';

/** How long an invitation's link works (accounts.md). */
const INVITATION_DAYS = 7;

/**
 * The account's people: everyone sees them; owners invite people by email
 * (Resend, Revoke while the invitation waits), disable and enable them —
 * each after a recent sign-in (RecentSignIn).
 */
@ConsolePages()
@Controller('console/people')
export class PeopleController {
  constructor(
    private readonly users: UsersService,
    private readonly invitations: Invitations,
    private readonly mail: AccountMail,
  ) {}

  @Get()
  async page(@PageContext() page: PageContext) {
    return this.view(page);
  }

  @Post()
  @RecentSignIn()
  @ConsoleAction('addUser')
  async add(@PageContext() page: PageContext, @Form() posted: PostedForm) {
    const { user } = page;
    assertOwner(user);
    assertNotSuspended(user);
    const form = {
      email: posted.field('email'),
      name: posted.field('name'),
      role: posted.field('role'),
    };
    const role = (USER_ROLES as readonly string[]).includes(form.role)
      ? (form.role as UserRole)
      : 'member';
    let invited: { user: UserView; url: string };
    try {
      invited = await this.invitations.invite(user.account.id, {
        email: form.email,
        name: form.name.slice(0, 200),
        role,
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'validation_failed') throw error;
      return new Refused(422, error.code, await this.view(page, { ...form, error: error.message }));
    }
    return this.sendInvitation(user, invited, 'sent');
  }

  @Post('invitations/:id/resend')
  @RecentSignIn()
  @ConsoleAction('resendInvitation')
  async resend(@CurrentUser() user: SignedInUser, @Param('id', ConsoleIdPipe) id: number) {
    assertOwner(user);
    assertNotSuspended(user);
    const invited = await this.invitations.resend(user.account.id, id).catch(noInvitation);
    return this.sendInvitation(user, invited, 'sent again');
  }

  @Post('invitations/:id/revoke')
  @RecentSignIn()
  @ConsoleAction('revokeInvitation')
  async revoke(@CurrentUser() user: SignedInUser, @Param('id', ConsoleIdPipe) id: number) {
    assertOwner(user);
    const email = await this.invitations.revoke(user.account.id, id).catch(noInvitation);
    return new SeeOther('/console/people', {
      notice: `The invitation to ${email} is revoked: its link no longer works.`,
    });
  }

  /**
   * Emails the invitation; without SMTP_URL the owner is shown its link once
   * instead, to send themselves, as before email existed.
   */
  private async sendInvitation(
    user: SignedInUser,
    invited: { user: UserView; url: string },
    done: string,
  ) {
    await this.mail.send(invited.user, (about) =>
      invitationMail({
        ...about,
        inviter: user.name ?? user.email,
        url: invited.url,
        validDays: INVITATION_DAYS,
      }),
    );
    if (!this.mail.configured) {
      return new SeeOther('/console/people/added', {
        shownOnce: { addedPerson: { email: invited.user.email, link: invited.url } },
      });
    }
    return new SeeOther('/console/people', {
      notice: `Invitation ${done} to ${invited.user.email}. Its link works for ${INVITATION_DAYS} days.`,
    });
  }

  private async view(page: PageContext, form?: PersonForm) {
    const accountId = page.user.account.id;
    const [people, invitations] = await Promise.all([
      this.users.list(accountId),
      page.user.role === 'owner' ? this.invitations.pending(accountId) : Promise.resolve([]),
    ]);
    const waiting = new Set(invitations.map((invitation) => invitation.id));
    return (
      <PeoplePage
        page={page}
        people={people.filter((person) => !waiting.has(person.id))}
        invitations={invitations}
        form={form}
      />
    );
  }

  /** Where Add person leads: their set-password link, once; reloaded, the people page says why it is gone. */
  @Get('added')
  added(
    @PageContext() page: PageContext,
    @TakeShownOnce('addedPerson') shown: ShownOnce['addedPerson'],
  ) {
    if (shown === undefined) {
      return new SeeOther('/console/people', {
        notice:
          'An invitation link is shown only once, right after the person is invited. If it was lost, use Resend under Pending invitations.',
      });
    }
    return <PersonAddedPage page={page} email={shown.email} link={shown.link} />;
  }

  @Get(':id/disable')
  @RecentSignIn()
  async confirmDisable(@PageContext() page: PageContext, @Param('id', ConsoleIdPipe) id: number) {
    return <DisablePersonPage page={page} person={await this.other(page.user, id)} />;
  }

  @Post(':id/disable')
  @RecentSignIn()
  @ConsoleAction('disableUser')
  disable(@CurrentUser() user: SignedInUser, @Param('id', ConsoleIdPipe) id: number) {
    return this.setStatus(user, id, 'disabled');
  }

  @Post(':id/enable')
  @RecentSignIn()
  @ConsoleAction('enableUser')
  enable(@CurrentUser() user: SignedInUser, @Param('id', ConsoleIdPipe) id: number) {
    return this.setStatus(user, id, 'active');
  }

  private async setStatus(user: SignedInUser, id: number, status: UserStatus) {
    await this.other(user, id);
    const person = await this.users.setStatus(id, status);
    return new SeeOther('/console/people', {
      notice:
        status === 'disabled'
          ? `${person.email} is disabled and signed out everywhere; the assistants they allowed are disconnected.`
          : `${person.email} can sign in again.`,
    });
  }

  /** Another person of the account, for an owner to act on: 404 for strangers, 403 for members and oneself. */
  private async other(user: SignedInUser, id: number) {
    const person = await this.users.getOnAccount(user.account.id, id);
    assertOwner(user);
    if (person.id === user.id)
      throw new ActionNotAllowedError('You cannot disable or enable yourself.');
    return person;
  }
}

function noInvitation(error: unknown): never {
  if (error instanceof ApiError && error.status === 404) {
    throw new PageNotFoundError();
  }
  throw error instanceof Error ? error : new Error(String(error));
}

function assertOwner(user: SignedInUser): void {
  if (user.role !== 'owner') {
    throw new ActionNotAllowedError('Only owners of the account manage its people.');
  }
}
