import { Controller, Get, Inject, Post, Req } from '@nestjs/common';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { UserDirectory, UsersService, type UserView } from '../../users/index.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { type AnyonePageContext, PageContext } from '../page/page-context.decorator.js';
import { Refused, SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { SecondFactors } from './factors/second-factors.js';
import { parseCredential, takeChallenge } from './passkey-challenge.js';
import { type PendingSignIn, PendingSignIns } from './pending-sign-in.js';
import { safeReturnTo } from './return-to.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { SignInThrottledError } from './sign-in.errors.js';
import { SignInService } from './sign-in.service.js';
import { SecondStepPage } from './second-step.page.js';
import { SignInPage } from './sign-in.page.js';
import { SecurityNotices } from '../security/security-notices.js';

const HOME = '/console';
const START_AGAIN = 'Signing in took too long, or was started elsewhere. Sign in again.';
const WRONG_CODE =
  'That code did not work. Codes from the app change every 30 seconds and work once; recovery codes work once each.';
const NO_PASSKEY = 'That passkey could not be checked. Try again, or use a code.';

/**
 * The second step of signing in (a code from the app, a recovery code or a
 * passkey, after a right password), and signing in with a passkey alone
 * (a discoverable credential with user verification: something the person
 * has, unlocked by something they know or are). Wrong codes count towards
 * a slow-down per person, like wrong passwords per email.
 */
@ConsolePages('anyone')
@Controller('console/sign-in')
export class SecondStepController {
  constructor(
    private readonly pending: PendingSignIns,
    private readonly factors: SecondFactors,
    private readonly throttle: SignInThrottle,
    private readonly signIn: SignInService,
    private readonly users: UsersService,
    private readonly people: UserDirectory,
    private readonly notices: SecurityNotices,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('second-factor')
  async page(@PageContext('anyone') page: AnyonePageContext, @Req() req: Request) {
    if (page.user) return new SeeOther(HOME);
    const pending = await this.pending.of(req);
    if (pending === null) return new SeeOther('/console/sign-in', { notice: START_AGAIN });
    return this.view(page, pending);
  }

  @Post('second-factor')
  @ConsoleAction('signInSecondFactor')
  async code(
    @PageContext('anyone') page: AnyonePageContext,
    @Form() form: PostedForm,
    @Req() req: Request,
  ) {
    const pending = await this.pending.of(req);
    if (pending === null) return new SeeOther('/console/sign-in', { notice: START_AGAIN });
    const user = await this.actor(req, pending.userId);
    const key = `second-factor:${user.id}`;
    const verdict = await this.throttle.begin(key);
    if (!verdict.allowed) throw new SignInThrottledError(verdict.retryAfterSeconds);
    const code = form.field('code');
    if (code.length > 40 || (await this.factors.checkCode(user.id, code)) === null) {
      return new Refused(401, 'invalid_code', await this.view(page, pending, WRONG_CODE));
    }
    await this.throttle.succeeded(key);
    return this.finish(req, user, pending.sessionEpoch, pending.returnTo);
  }

  @Post('second-factor/passkey')
  @ConsoleAction('signInSecondFactor')
  async secondStepPasskey(
    @PageContext('anyone') page: AnyonePageContext,
    @Form() form: PostedForm,
    @Req() req: Request,
  ) {
    const pending = await this.pending.of(req);
    const challenge = takeChallenge(req, 'second-step');
    if (pending === null) return new SeeOther('/console/sign-in', { notice: START_AGAIN });
    const user = await this.actor(req, pending.userId);
    const response = parseCredential<AuthenticationResponseJSON>(form.field('response'));
    const proof =
      response && challenge
        ? await this.factors.passkeys.prove(response, challenge, {
            userId: user.id,
            userVerification: false,
          })
        : null;
    if (proof === null) {
      return new Refused(400, 'invalid_passkey', await this.view(page, pending, NO_PASSKEY));
    }
    return this.finish(req, user, pending.sessionEpoch, pending.returnTo);
  }

  /** Signing in with a passkey alone, from the sign-in page. */
  @Post('passkey')
  @ConsoleAction('signInPasskey')
  async passkey(
    @PageContext('anyone') page: AnyonePageContext,
    @Form() form: PostedForm,
    @Req() req: Request,
  ) {
    const next = safeReturnTo(form.field('return_to'), this.config.publicBaseUrl, HOME);
    const challenge = takeChallenge(req, 'sign-in');
    const response = parseCredential<AuthenticationResponseJSON>(form.field('response'));
    const proof =
      response && challenge
        ? await this.factors.passkeys.prove(response, challenge, { userVerification: true })
        : null;
    const holder = proof === null ? null : await this.people.sessionHolder(proof.userId);
    if (holder?.status !== 'active') {
      return new Refused(
        401,
        'invalid_credentials',
        <SignInPage
          page={page}
          returnTo={next}
          error="That passkey did not sign you in: it is not registered here, or its person is disabled. Use your email and password."
        />,
      );
    }
    return this.finish(req, await this.actor(req, holder.id), holder.session_epoch, next);
  }

  /** The person signing in, named as the actor of the learning-log row. */
  private async actor(req: Request, userId: number) {
    const user = await this.users.get(userId);
    req.consoleActor = { userId: user.id, accountId: user.account_id };
    return user;
  }

  /** Every factor given: the session is signed in, a new browser is told by email, and on. */
  private async finish(req: Request, user: UserView, sessionEpoch: number, next: string) {
    const newBrowser = await this.signIn.complete(req, user, sessionEpoch);
    await this.notices.signedIn(req, user, newBrowser);
    return new SeeOther(next);
  }

  private async view(page: AnyonePageContext, pending: PendingSignIn, error?: string) {
    const summary = await this.factors.summary(pending.userId);
    return (
      <SecondStepPage
        page={page}
        app={summary.totp}
        passkeys={summary.passkeys > 0}
        error={error}
      />
    );
  }
}
