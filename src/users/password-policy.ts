import { WeakPasswordError } from './users.errors.js';

export const MIN_PASSWORD_LENGTH = 12;
/** Long passphrases are welcome; megabytes are not. */
export const MAX_PASSWORD_LENGTH = 1_000;

/** The password rule: 12 to 1,000 characters (counted as a person would, not in UTF-16 units). */
export function assertAcceptablePassword(password: string): void {
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
}
