import { Controller, Get, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { UsersService } from '../../users/index.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { ActionNotAllowedError } from '../console.errors.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { PageContext } from '../page/page-context.decorator.js';
import { SeeOther } from '../page/page-result.js';
import { RecentSignIn } from '../sign-in/recent-sign-in.js';
import { PersonSessions } from '../sign-in/session/person-sessions.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { EndMemberSessionsPage, SessionsPage } from './sessions.page.js';

const HOME = '/console/account/sessions';
const SESSION_ID = /^[\w-]{22}$/;

/**
 * A person's sessions (/console/account/sessions), each ended on its own or
 * all but this one, after a recent sign-in (ASVS 7.5.2); and an owner ending every session of a member of the
 * account (from People: managing people, so after a recent sign-in).
 */
@ConsolePages()
@Controller('console')
export class SessionsController {
  constructor(
    private readonly sessions: PersonSessions,
    private readonly users: UsersService,
  ) {}

  @Get('account/sessions')
  async page(@PageContext() page: PageContext, @Req() req: Request) {
    return <SessionsPage page={page} sessions={await this.sessions.list(req, page.user.id)} />;
  }

  @Post('account/sessions/sign-out-others')
  @RecentSignIn()
  @ConsoleAction('signOutOtherSessions')
  async signOutOthers(@PageContext() page: PageContext, @Req() req: Request) {
    await this.sessions.endOthers(req, page.user.id);
    return new SeeOther(HOME, { notice: 'Your other sessions are signed out.' });
  }

  @Post('account/sessions/:session/sign-out')
  @RecentSignIn()
  @ConsoleAction('signOutSession')
  async signOutOne(@PageContext() page: PageContext, @Param('session') id: string) {
    const ended = SESSION_ID.test(id) && (await this.sessions.end(page.user.id, id));
    return new SeeOther(HOME, {
      notice: ended ? 'That session is signed out.' : 'That session had already ended.',
    });
  }

  @Get('people/:id/sign-out')
  @RecentSignIn()
  async confirmEndMember(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) id: number,
    @Req() req: Request,
  ) {
    const person = await this.member(page.user, id);
    const count = (await this.sessions.list(req, person.id)).length;
    return <EndMemberSessionsPage page={page} person={person} count={count} />;
  }

  @Post('people/:id/sign-out')
  @RecentSignIn()
  @ConsoleAction('signOutUser')
  async endMember(@PageContext() page: PageContext, @Param('id', ConsoleIdPipe) id: number) {
    const person = await this.member(page.user, id);
    await this.sessions.endAll(person.id);
    return new SeeOther('/console/people', {
      notice: `${person.email} is signed out everywhere.`,
    });
  }

  /** Another person of the account, for an owner: 404 for strangers, 403 for members and oneself. */
  private async member(user: SignedInUser, id: number) {
    const person = await this.users.getOnAccount(user.account.id, id);
    if (user.role !== 'owner') {
      throw new ActionNotAllowedError('Only owners of the account sign its people out.');
    }
    if (person.id === user.id) {
      throw new ActionNotAllowedError('To end your own sessions, use your Sessions page.');
    }
    return person;
  }
}
