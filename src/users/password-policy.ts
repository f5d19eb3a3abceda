import { hasControlCharacter } from '../common/pipes/nul-field.js';
import { commonPasswords } from './common-passwords.js';
import { WeakPasswordError } from './users.errors.js';

export const MIN_PASSWORD_LENGTH = 12;
/** ASVS 5.0 6.2.9 asks for at least 64; 128 leaves room for any passphrase. */
export const MAX_PASSWORD_LENGTH = 128;

/** The service's own name, which no password of it should carry. */
const SERVICE_WORDS = ['content-api', 'contentapi'];
/** Context words shorter than this are too common inside other words to refuse. */
const MIN_CONTEXT_WORD_LENGTH = 4;

/** What a password is checked against besides its length: the words of its person and account. */
export interface PasswordContext {
  email: string;
  /** The person's display name, when they have one. */
  name?: string | null;
  accountName?: string | null;
}

/**
 * The password rule (accounts.md): 12 to 128 characters, counted as a person
 * would (code points, not UTF-16 units); any characters, no rule of
 * composition. Refused: one of the 10,000 most common passwords (also once
 * digits and punctuation around it are taken away: `password1234!`), and a
 * password holding a word of its context — the service's name, the account's
 * name, the person's name or the local part of their email. Control
 * characters (NUL, tab, line breaks) are refused too: no one can type them
 * into a password field, and the sign-in form refuses them, so a password
 * holding one could never be used.
 */
export function assertAcceptablePassword(password: string, context: PasswordContext): void {
  if (hasControlCharacter(password)) {
    throw new WeakPasswordError(
      'must not contain control characters (such as a tab, a line break or NUL)',
    );
  }
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    throw new WeakPasswordError(
      `must be at least ${MIN_PASSWORD_LENGTH} characters long`,
      MIN_PASSWORD_LENGTH,
    );
  }
  if (length > MAX_PASSWORD_LENGTH) {
    throw new WeakPasswordError(
      `must be at most ${MAX_PASSWORD_LENGTH} characters long`,
      MAX_PASSWORD_LENGTH,
    );
  }
  const lower = password.toLowerCase();
  const core = lower.replace(/^[\p{N}\p{P}\p{S}\s]+|[\p{N}\p{P}\p{S}\s]+$/gu, '');
  if (commonPasswords().has(lower) || commonPasswords().has(core)) {
    throw new WeakPasswordError(
      'is one of the most common passwords, which are tried first by anyone guessing; choose another, for example a few unrelated words',
    );
  }
  const word = contextWords(context).find((candidate) => lower.includes(candidate));
  if (word !== undefined) {
    throw new WeakPasswordError(
      `must not contain "${word}", which anyone who knows your email, name or account could guess`,
    );
  }
}

function contextWords(context: PasswordContext): string[] {
  const localPart = context.email.slice(0, context.email.lastIndexOf('@')).toLowerCase();
  const words = [...SERVICE_WORDS, localPart];
  for (const name of [context.name, context.accountName]) {
    if (!name) continue;
    const lower = name.trim().toLowerCase();
    words.push(lower, lower.replace(/\s+/g, ''));
  }
  return [...new Set(words)].filter((word) => [...word].length >= MIN_CONTEXT_WORD_LENGTH);
}
