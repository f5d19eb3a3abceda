import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from '../../common/errors/api-error.js';
import { CsrfProtection } from '../../sign-in/csrf-protection.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { USER_ROLES, type UserRole, type UserStatus } from '../../users/entities/user.entity.js';
import { UsersService } from '../../users/users.service.js';
import { assertNotSuspended } from '../account-access.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { ConsoleAction, ConsolePages } from '../console-pages.decorator.js';
import { ActionNotAllowedError } from '../console.errors.js';
import { CurrentUser } from '../current-user.decorator.js';
import { formField, leaveNotice, takeNotice } from '../form-fields.js';
import { sendPage } from '../html-response.js';
import { seeOther } from '../see-other.js';
import { DisablePersonPage, PeoplePage, PersonAddedPage } from './people.page.js';

/** The account's people: everyone sees them; owners add, disable and enable them. */
@ConsolePages()
@Controller('console/people')
export class PeopleController {
  constructor(
    private readonly users: UsersService,
    private readonly csrf: CsrfProtection,
  ) {}

  @Get()
  async page(
    @CurrentUser() user: SignedInUser,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await sendPage(
      res,
      200,
      <PeoplePage
        user={user}
        csrf={this.csrf.token(req)}
        people={await this.users.list(user.account.id)}
        notice={takeNotice(req)}
      />,
    );
  }

  @Post()
  @ConsoleAction('addUser')
  async add(
    @CurrentUser() user: SignedInUser,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    assertOwner(user);
    assertNotSuspended(user);
    const form = {
      email: formField(req, 'email'),
      name: formField(req, 'name'),
      role: formField(req, 'role'),
    };
    const role = (USER_ROLES as readonly string[]).includes(form.role)
      ? (form.role as UserRole)
      : 'member';
    try {
      const person = await this.users.create(user.account.id, {
        email: form.email,
        name: form.name.slice(0, 200),
        role,
      });
      await sendPage(
        res,
        200,
        <PersonAddedPage
          user={user}
          csrf={this.csrf.token(req)}
          person={person}
          link={person.set_password_url ?? ''}
        />,
      );
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'validation_failed') throw error;
      res.locals.errorCode = error.code;
      await sendPage(
        res,
        422,
        <PeoplePage
          user={user}
          csrf={this.csrf.token(req)}
          people={await this.users.list(user.account.id)}
          form={{ ...form, error: error.message }}
        />,
      );
    }
  }

  @Get(':id/disable')
  async confirmDisable(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const person = await this.other(user, id);
    await sendPage(
      res,
      200,
      <DisablePersonPage user={user} csrf={this.csrf.token(req)} person={person} />,
    );
  }

  @Post(':id/disable')
  @ConsoleAction('disableUser')
  async disable(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.setStatus(user, id, 'disabled', req, res);
  }

  @Post(':id/enable')
  @ConsoleAction('enableUser')
  async enable(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.setStatus(user, id, 'active', req, res);
  }

  private async setStatus(
    user: SignedInUser,
    id: number,
    status: UserStatus,
    req: Request,
    res: Response,
  ): Promise<void> {
    await this.other(user, id);
    const person = await this.users.setStatus(id, status);
    leaveNotice(
      req,
      status === 'disabled'
        ? `${person.email} is disabled and signed out everywhere.`
        : `${person.email} can sign in again.`,
    );
    await seeOther(req, res, '/console/people');
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

function assertOwner(user: SignedInUser): void {
  if (user.role !== 'owner') {
    throw new ActionNotAllowedError('Only owners of the account manage its people.');
  }
}
