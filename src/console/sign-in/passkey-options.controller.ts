import { Controller, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ConsolePages } from '../console-pages.decorator.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { Passkeys } from './factors/passkeys.js';
import { issueChallenge } from './passkey-challenge.js';
import { PendingSignIns } from './pending-sign-in.js';
import { signedInRecently } from './recent-sign-in.js';
import type { PasskeyPurpose } from './session/session-data.js';

const PURPOSES: readonly PasskeyPurpose[] = [
  'sign-in',
  'second-step',
  'reauthenticate',
  'register',
];

/**
 * The WebAuthn options the passkey script asks for before it calls the
 * browser (a form POST with the page's CSRF token, answered in JSON). The
 * challenge is kept in the session for the form that follows. Only what the
 * session may do is offered: registering needs a recent sign-in, the second
 * step a sign-in waiting for it.
 */
@ConsolePages('anyone')
@Controller('console/passkeys')
export class PasskeyOptionsController {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly pending: PendingSignIns,
  ) {}

  @Post('options')
  async options(@Form() form: PostedForm, @Req() req: Request, @Res() res: Response) {
    const purpose = form.field('purpose') as PasskeyPurpose;
    if (!PURPOSES.includes(purpose)) {
      return refuse(res, 400, 'validation_failed', 'Unknown passkey purpose.');
    }
    const user = req.signedInUser ?? null;
    let options;
    if (purpose === 'sign-in') {
      options = await this.passkeys.authenticationOptions();
    } else if (purpose === 'second-step') {
      const pending = await this.pending.of(req);
      if (pending === null) {
        return refuse(res, 401, 'sign_in_required', 'Sign in with your password again.');
      }
      options = await this.passkeys.authenticationOptions(pending.userId);
    } else if (user === null) {
      return refuse(res, 401, 'sign_in_required', 'Sign in again.');
    } else if (purpose === 'reauthenticate') {
      options = await this.passkeys.authenticationOptions(user.id);
    } else if (!signedInRecently(req)) {
      return refuse(
        res,
        403,
        'reauthentication_required',
        'Confirm it is you first: reload the page.',
      );
    } else {
      options = await this.passkeys.registrationOptions(user);
    }
    issueChallenge(req, purpose, options.challenge);
    res.status(200).json(options);
  }
}

function refuse(res: Response, status: number, error: string, message: string): void {
  res.locals.errorCode = error;
  res.status(status).json({ error, message });
}
