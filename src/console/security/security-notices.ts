import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { newSignInMail, secondFactorMail } from '../../mail/index.js';
import { AccountMail, type MailSubject } from '../account/account-mail.js';
import { userAgentLabel } from '../sessions/user-agent-label.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';

/**
 * The emails about a person's own security (accounts.md): a sign-in from a
 * browser never seen before, and a second factor added or removed. Sent
 * through AccountMail (queued; without SMTP_URL written to the server log).
 */
@Injectable()
export class SecurityNotices {
  constructor(private readonly mail: AccountMail) {}

  /** After a sign-in: a message when it came from a new browser (KnownBrowsers said so). */
  async signedIn(req: Request, person: MailSubject, newBrowser: boolean): Promise<void> {
    if (!newBrowser) return;
    const { browser, system } = userAgentLabel(req.get('user-agent') ?? null);
    await this.mail.send(person, (about) =>
      newSignInMail({
        ...about,
        browser,
        system,
        address: req.ip ?? 'an unknown address',
        at: new Date(),
      }),
    );
  }

  /** `factor` as a sentence starts: "An authenticator app", "The passkey “Work laptop”". */
  async factorChanged(
    user: SignedInUser,
    change: 'added' | 'removed',
    factor: string,
  ): Promise<void> {
    const person = { id: user.id, account_id: user.account.id, email: user.email, name: user.name };
    await this.mail.send(person, (about) => secondFactorMail({ ...about, change, factor }));
  }
}
