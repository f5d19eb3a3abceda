import { Controller, Get, Inject, Post, Query, Req } from '@nestjs/common';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { hasControlCharacter } from '../../common/pipes/nul-field.js';
import { UsersService } from '../../users/index.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { OpenDuringEnrolment } from './enrolment.js';
import { PageContext } from '../page/page-context.decorator.js';
import { Refused, SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { Passkeys } from './factors/passkeys.js';
import { parseCredential, takeChallenge } from './passkey-challenge.js';
import { ReauthenticatePage } from './reauthenticate.page.js';
import { safeReturnTo } from './return-to.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { SignInThrottledError } from './sign-in.errors.js';
import { SignInService } from './sign-in.service.js';

const HOME = '/console';
const MAX_PASSWORD_LENGTH = 1_000;

/**
 * /console/re-authenticate: where RecentSignIn sends someone whose password
 * or passkey is more than 10 minutes old, and back to `return_to` once
 * given. Wrong passwords count towards the same slow-down as signing in.
 */
@ConsolePages()
@OpenDuringEnrolment()
@Controller('console/re-authenticate')
export class ReauthenticateController {
  constructor(
    private readonly users: UsersService,
    private readonly passkeys: Passkeys,
    private readonly throttle: SignInThrottle,
    private readonly signIn: SignInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(@PageContext() page: PageContext, @Query('return_to') returnTo: unknown) {
    return this.view(page, safeReturnTo(returnTo, this.config.publicBaseUrl, HOME));
  }

  @Post()
  @ConsoleAction('reauthenticate')
  async password(@PageContext() page: PageContext, @Form() form: PostedForm, @Req() req: Request) {
    const next = safeReturnTo(form.field('return_to'), this.config.publicBaseUrl, HOME);
    const password = form.field('password');
    const verdict = await this.throttle.begin(page.user.email);
    if (!verdict.allowed) throw new SignInThrottledError(verdict.retryAfterSeconds);
    const right =
      password.length > 0 &&
      password.length <= MAX_PASSWORD_LENGTH &&
      !hasControlCharacter(password) &&
      (await this.users.verifyPassword(page.user.email, password))?.id === page.user.id;
    if (!right) {
      return new Refused(
        401,
        'invalid_credentials',
        await this.view(page, next, 'That is not your password. Try again.'),
      );
    }
    await this.throttle.succeeded(page.user.email);
    await this.signIn.reauthenticated(req);
    return new SeeOther(next);
  }

  @Post('passkey')
  @ConsoleAction('reauthenticate')
  async passkey(@PageContext() page: PageContext, @Form() form: PostedForm, @Req() req: Request) {
    const next = safeReturnTo(form.field('return_to'), this.config.publicBaseUrl, HOME);
    const challenge = takeChallenge(req, 'reauthenticate');
    const response = parseCredential<AuthenticationResponseJSON>(form.field('response'));
    const proof =
      response && challenge
        ? await this.passkeys.prove(response, challenge, {
            userId: page.user.id,
            userVerification: false,
          })
        : null;
    if (proof === null) {
      return new Refused(
        400,
        'invalid_passkey',
        await this.view(
          page,
          next,
          'That passkey could not be checked. Try again, or use your password.',
        ),
      );
    }
    await this.signIn.reauthenticated(req);
    return new SeeOther(next);
  }

  private async view(page: PageContext, returnTo: string, error?: string) {
    const passkeys = (await this.passkeys.count(page.user.id)) > 0;
    return <ReauthenticatePage page={page} returnTo={returnTo} passkeys={passkeys} error={error} />;
  }
}
