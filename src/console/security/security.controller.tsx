import { Controller, Get, Param, Post, Req } from '@nestjs/common';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Request } from 'express';
import QRCode from 'qrcode';
import { hasControlCharacter } from '../../common/pipes/nul-field.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { ActionNotAllowedError } from '../console.errors.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { PageContext } from '../page/page-context.decorator.js';
import { Refused, SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { OpenDuringEnrolment } from '../sign-in/enrolment.js';
import { MAX_PASSKEY_NAME } from '../sign-in/factors/passkeys.js';
import { SecondFactors } from '../sign-in/factors/second-factors.js';
import { SignInPolicies } from '../sign-in/factors/sign-in-policies.js';
import { parseCredential, takeChallenge } from '../sign-in/passkey-challenge.js';
import { RecentSignIn } from '../sign-in/recent-sign-in.js';
import { PersonSessions } from '../sign-in/session/person-sessions.js';
import { AppSetupPage } from './app-setup.page.js';
import { NewPasskeyPage } from './passkey-new.page.js';
import { NewRecoveryCodesPage, RecoveryCodesPage } from './recovery-codes.page.js';
import { RemoveFactorPage } from './remove-factor.page.js';
import { SecurityPage } from './security.page.js';
import { SecurityNotices } from './security-notices.js';

const HOME = '/console/account/security';
const CODES = `${HOME}/recovery-codes`;

/**
 * /console/account/security: the person's second factors (an authenticator
 * app, passkeys, recovery codes) and, for owners, the account's requirement
 * of one. Every change needs a recent sign-in (RecentSignIn); removing a
 * factor signs the person out of their other sessions. The pages that set a
 * factor up stay open while the account requires one the person lacks.
 */
@ConsolePages()
@Controller('console/account/security')
export class SecurityController {
  constructor(
    private readonly factors: SecondFactors,
    private readonly policies: SignInPolicies,
    private readonly sessions: PersonSessions,
    private readonly notices: SecurityNotices,
  ) {}

  @Get()
  @OpenDuringEnrolment()
  async page(@PageContext() page: PageContext, @Req() req: Request) {
    const { user } = page;
    const [factors, passkeys, required] = await Promise.all([
      this.factors.summary(user.id),
      this.factors.passkeys.list(user.id),
      this.policies.secondFactorRequired(user.account.id),
    ]);
    return (
      <SecurityPage
        page={page}
        factors={factors}
        passkeys={passkeys}
        required={required}
        mustEnrol={req.session.mustEnrol === true}
      />
    );
  }

  @Get('app')
  @OpenDuringEnrolment()
  @RecentSignIn()
  async appSetup(@PageContext() page: PageContext) {
    return this.appSetupView(page);
  }

  @Post('app')
  @OpenDuringEnrolment()
  @RecentSignIn()
  @ConsoleAction('addAuthenticatorApp')
  async confirmApp(
    @PageContext() page: PageContext,
    @Form() form: PostedForm,
    @Req() req: Request,
  ) {
    const { user } = page;
    if (!(await this.factors.totp.confirm(user.id, form.field('code').slice(0, 20)))) {
      const view = await this.appSetupView(
        page,
        'That code did not match. Check the app shows content-api, and type the code it shows now.',
      );
      return view instanceof SeeOther ? view : new Refused(422, 'invalid_code', view);
    }
    await this.notices.factorChanged(user, 'added', 'An authenticator app');
    return this.added(req, user.id, 'Your authenticator app is on.');
  }

  @Get('app/remove')
  @RecentSignIn()
  confirmRemoveApp(@PageContext() page: PageContext) {
    return (
      <RemoveFactorPage page={page} what="the authenticator app" action={`${HOME}/app/remove`} />
    );
  }

  @Post('app/remove')
  @RecentSignIn()
  @ConsoleAction('removeAuthenticatorApp')
  async removeApp(@PageContext() page: PageContext, @Req() req: Request) {
    const { user } = page;
    const summary = await this.factors.summary(user.id);
    if (!summary.totp)
      return new SeeOther(HOME, { notice: 'There is no authenticator app to remove.' });
    await this.assertMayRemove(user.account.id, summary.passkeys);
    await this.factors.totp.remove(user.id);
    await this.notices.factorChanged(user, 'removed', 'The authenticator app');
    return this.removed(req, user.id, 'The authenticator app is removed');
  }

  @Get('passkeys/new')
  @OpenDuringEnrolment()
  @RecentSignIn()
  newPasskey(@PageContext() page: PageContext) {
    return <NewPasskeyPage page={page} />;
  }

  @Post('passkeys')
  @OpenDuringEnrolment()
  @RecentSignIn()
  @ConsoleAction('addPasskey')
  async addPasskey(
    @PageContext() page: PageContext,
    @Form() form: PostedForm,
    @Req() req: Request,
  ) {
    const challenge = takeChallenge(req, 'register');
    const name = form.field('name').trim();
    const again = (error: string) =>
      new Refused(
        422,
        'validation_failed',
        <NewPasskeyPage page={page} name={name} error={error} />,
      );
    if (name.length === 0 || name.length > MAX_PASSKEY_NAME || hasControlCharacter(name)) {
      return again(`Give the passkey a name of 1 to ${MAX_PASSKEY_NAME} characters.`);
    }
    const response = parseCredential<RegistrationResponseJSON>(form.field('response'));
    const registered =
      response !== undefined &&
      challenge !== undefined &&
      (await this.factors.passkeys.register(page.user.id, name, response, challenge));
    if (!registered) {
      return again(
        'Your browser’s answer could not be checked, or that passkey is already added. Try again.',
      );
    }
    await this.notices.factorChanged(page.user, 'added', `A passkey named “${name}”`);
    return this.added(req, page.user.id, `Passkey “${name}” is added.`);
  }

  @Get('passkeys/:id/remove')
  @RecentSignIn()
  async confirmRemovePasskey(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) id: number,
  ) {
    const passkey = (await this.factors.passkeys.list(page.user.id)).find((row) => row.id === id);
    if (passkey === undefined)
      return new SeeOther(HOME, { notice: 'That passkey is already removed.' });
    return (
      <RemoveFactorPage
        page={page}
        what={`passkey “${passkey.name}”`}
        action={`${HOME}/passkeys/${id}/remove`}
      />
    );
  }

  @Post('passkeys/:id/remove')
  @RecentSignIn()
  @ConsoleAction('removePasskey')
  async removePasskey(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) id: number,
    @Req() req: Request,
  ) {
    const { user } = page;
    const summary = await this.factors.summary(user.id);
    await this.assertMayRemove(user.account.id, summary.passkeys - 1 + Number(summary.totp));
    const removed = await this.factors.passkeys.remove(user.id, id);
    if (removed === null) return new SeeOther(HOME, { notice: 'That passkey is already removed.' });
    await this.notices.factorChanged(user, 'removed', `The passkey named “${removed.name}”`);
    return this.removed(req, user.id, `Passkey “${removed.name}” is removed`);
  }

  @Get('recovery-codes/new')
  @RecentSignIn()
  confirmNewCodes(@PageContext() page: PageContext) {
    return <NewRecoveryCodesPage page={page} />;
  }

  @Post('recovery-codes')
  @RecentSignIn()
  @ConsoleAction('regenerateRecoveryCodes')
  async newCodes(@PageContext() page: PageContext, @Req() req: Request) {
    if (!(await this.factors.hasFactor(page.user.id))) {
      throw new ActionNotAllowedError(
        'Recovery codes come with a second factor: set one up first.',
      );
    }
    req.session.newRecoveryCodes = await this.factors.recovery.regenerate(page.user.id);
    return new SeeOther(CODES, {
      notice: 'New recovery codes are made; the old ones no longer work.',
    });
  }

  /** New codes, once: reloaded, the page has nothing to show and says so on Security. */
  @Get('recovery-codes')
  @OpenDuringEnrolment()
  codes(@PageContext() page: PageContext, @Req() req: Request) {
    const codes = req.session.newRecoveryCodes;
    delete req.session.newRecoveryCodes;
    if (codes === undefined) {
      return new SeeOther(HOME, {
        notice:
          'Recovery codes are shown only once, right after they are made. Make new ones if you lost them.',
      });
    }
    return <RecoveryCodesPage page={page} codes={codes} />;
  }

  @Post('requirement')
  @RecentSignIn()
  @ConsoleAction('setSecondFactorRequirement')
  async requirement(@PageContext() page: PageContext) {
    const { user } = page;
    if (user.role !== 'owner') {
      throw new ActionNotAllowedError('Only owners decide how people of the account sign in.');
    }
    const required = !(await this.policies.secondFactorRequired(user.account.id));
    await this.policies.requireSecondFactor(user.account.id, required);
    return new SeeOther(HOME, {
      notice: required
        ? 'A second factor is now required: whoever has none sets one up at their next sign-in.'
        : 'A second factor is no longer required.',
    });
  }

  private async appSetupView(page: PageContext, error?: string) {
    const setup = await this.factors.totp.setup(page.user.id, page.user.email);
    if (setup === null)
      return new SeeOther(HOME, { notice: 'Your authenticator app is already on.' });
    const svg = await QRCode.toString(setup.uri, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
    });
    const qr = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    return <AppSetupPage page={page} qr={qr} secret={setup.secret} error={error} />;
  }

  /**
   * A factor added: the account's requirement is met, the first factor brings
   * recovery codes, and the person is offered to end their other sessions.
   */
  private async added(req: Request, userId: number, added: string) {
    const notice = `${added} If another browser should not stay signed in, end it on Sessions.`;
    delete req.session.mustEnrol;
    if ((await this.factors.recovery.remaining(userId)) === 0) {
      req.session.newRecoveryCodes = await this.factors.recovery.regenerate(userId);
      return new SeeOther(CODES, { notice });
    }
    return new SeeOther(HOME, { notice });
  }

  private async removed(req: Request, userId: number, what: string) {
    await this.factors.tidyAfterRemoval(userId);
    await this.sessions.endOthers(req, userId);
    return new SeeOther(HOME, { notice: `${what}; your other sessions are signed out.` });
  }

  /** The account requires a second factor: the last one cannot go. */
  private async assertMayRemove(accountId: number, factorsLeft: number) {
    if (factorsLeft <= 0 && (await this.policies.secondFactorRequired(accountId))) {
      throw new ActionNotAllowedError(
        'Your account requires a second factor: add another (a passkey or the app) before removing this one.',
      );
    }
  }
}
