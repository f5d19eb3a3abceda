export type { MailContent, Recipient } from './mail-message.js';
export { MailModule } from './mail.module.js';
export { Mailer } from './mailer.js';
export type { MailToSend } from './mailer.js';
export { composeMail } from './templates/compose.js';
export type { MailParts } from './templates/compose.js';
export {
  confirmEmailMail,
  emailChangedMail,
  invitationMail,
  newSignInMail,
  passwordChangedMail,
  passwordResetMail,
  secondFactorMail,
} from './templates/account-messages.js';
export type { AccountOf } from './templates/account-messages.js';
