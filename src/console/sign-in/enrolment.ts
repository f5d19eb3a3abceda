import { SetMetadata } from '@nestjs/common';

export const ENROLMENT_PATH = '/console/account/security';
export const OPEN_DURING_ENROLMENT = 'content-api:open-during-enrolment';

/**
 * A signed-in page someone may open while their account requires a second
 * factor they have not set up (`mustEnrol`): the pages that set one up. Every
 * other signed-in page sends them to ENROLMENT_PATH (pages anyone may open,
 * signing out among them, stay open).
 */
export function OpenDuringEnrolment() {
  return SetMetadata(OPEN_DURING_ENROLMENT, true);
}

/** Signed in while the account requires a second factor the person lacks. */
export class EnrolmentRequiredError extends Error {
  constructor() {
    super('Set up a second factor to continue.');
    this.name = 'EnrolmentRequiredError';
  }
}
