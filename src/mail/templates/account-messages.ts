import type { MailContent, Recipient } from '../mail-message.js';
import { composeMail } from './compose.js';

/**
 * The messages about a person's own account. Each names the person by their
 * display name and the account they belong to, and says what to do if the
 * change was not theirs. Links are passed in whole, made by the module that
 * owns the token.
 */

export interface AccountOf {
  to: Recipient;
  accountName: string | null;
}

const NOT_YOU =
  'If this was not you, change your password at once from "Your account" in the console, or ask an owner of your account for help.';

function greet(to: Recipient): string {
  return to.name ?? to.address;
}

export function invitationMail(
  about: AccountOf & { inviter: string; url: string; validDays: number },
): MailContent {
  return composeMail({
    kind: 'invitation',
    subject: `${about.inviter} invites you to ${about.accountName ?? 'content-api'}`,
    greet: greet(about.to),
    lead: [
      `${about.inviter} invites you to the content-api console of ${about.accountName ?? 'their agency'}, where you will sign in as ${about.to.address}.`,
    ],
    action: { label: 'Choose your password', url: about.url },
    after: [
      `The link works once, for ${about.validDays} days. If you were not expecting this, you can ignore this message.`,
    ],
    accountName: about.accountName,
  });
}

export function passwordResetMail(about: AccountOf & { url: string }): MailContent {
  return composeMail({
    kind: 'passwordReset',
    subject: 'Choose a new content-api password',
    greet: greet(about.to),
    lead: [
      `Someone asked to reset the password of ${about.to.address} on content-api. If it was you, choose a new password with this link.`,
    ],
    action: { label: 'Choose a new password', url: about.url },
    after: [
      'The link works once, for 1 hour. Choosing a new password signs you out everywhere.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
    accountName: about.accountName,
  });
}

export function passwordChangedMail(about: AccountOf): MailContent {
  return composeMail({
    kind: 'passwordChanged',
    subject: 'Your content-api password was changed',
    greet: greet(about.to),
    lead: [
      `The password of ${about.to.address} on content-api was just changed. Your other sessions were signed out.`,
      NOT_YOU,
    ],
    accountName: about.accountName,
  });
}

/** To the new address: following the link makes the change. */
export function confirmEmailMail(
  about: AccountOf & { url: string; validHours: number },
): MailContent {
  return composeMail({
    kind: 'emailChangeConfirm',
    subject: 'Confirm your new content-api email address',
    greet: greet(about.to),
    lead: [
      `You asked to sign in to content-api as ${about.to.address} from now on. Confirm this address with the link below; until then, nothing changes.`,
    ],
    action: { label: 'Confirm this address', url: about.url },
    after: [
      `The link works once, for ${about.validHours} hours. If you did not ask for this, ignore this message.`,
    ],
    accountName: about.accountName,
  });
}

/** To the old address, once the change is made. */
export function emailChangedMail(about: AccountOf & { newAddress: string }): MailContent {
  return composeMail({
    kind: 'emailChanged',
    subject: 'Your content-api email address was changed',
    greet: greet(about.to),
    lead: [
      `You now sign in to content-api as ${about.newAddress} instead of ${about.to.address}. Messages about your account go there from now on.`,
      NOT_YOU,
    ],
    accountName: about.accountName,
  });
}

/** A sign-in from a browser the person has not used before (sent by the sessions feature). */
export function newSignInMail(
  about: AccountOf & { browser: string; system: string; address: string; at: Date },
): MailContent {
  return composeMail({
    kind: 'newSignIn',
    subject: 'New sign-in to content-api',
    greet: greet(about.to),
    lead: [
      `Someone signed in as ${about.to.address} from a browser not used before: ${about.browser} on ${about.system}, from ${about.address}, at ${about.at.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      `If it was you, there is nothing to do. ${NOT_YOU}`,
    ],
    accountName: about.accountName,
  });
}

/** A second factor (an authenticator app, a passkey, recovery codes) added or removed. */
export function secondFactorMail(
  about: AccountOf & { change: 'added' | 'removed'; factor: string },
): MailContent {
  return composeMail({
    kind: about.change === 'added' ? 'secondFactorAdded' : 'secondFactorRemoved',
    subject:
      about.change === 'added'
        ? 'A second factor was added to your content-api account'
        : 'A second factor was removed from your content-api account',
    greet: greet(about.to),
    lead: [
      about.change === 'added'
        ? `${about.factor} was added to ${about.to.address} on content-api as a second factor.`
        : `${about.factor} was removed from ${about.to.address} on content-api; it no longer signs you in.`,
      NOT_YOU,
    ],
    accountName: about.accountName,
  });
}
