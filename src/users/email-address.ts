import { isEmail } from 'class-validator';
import { hasControlCharacter } from '../common/pipes/nul-field.js';
import { InvalidEmailError } from './users.errors.js';

const MAX_EMAIL_LENGTH = 254;

/**
 * An email as the user gave it, trimmed; refused unless it is a plausible
 * address. A quoted local part may hold control characters by the letter of
 * RFC 5321 (`"a\u0001"@example.com`); no person's address does.
 */
export function normaliseEmail(value: string): string {
  const email = value.trim();
  if (email.length > MAX_EMAIL_LENGTH || hasControlCharacter(email) || !isEmail(email)) {
    throw new InvalidEmailError();
  }
  return email;
}

/** The form emails are compared in: unique and looked up case-insensitively. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
