import { isEmail } from 'class-validator';
import { InvalidEmailError } from './users.errors.js';

const MAX_EMAIL_LENGTH = 254;

/** An email as the user gave it, trimmed; refused unless it is a plausible address. */
export function normaliseEmail(value: string): string {
  const email = value.trim();
  if (email.length > MAX_EMAIL_LENGTH || !isEmail(email)) throw new InvalidEmailError();
  return email;
}

/** The form emails are compared in: unique and looked up case-insensitively. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
