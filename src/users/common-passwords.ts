import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords are refused (accounts.md). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: ReadonlySet<string> | undefined;

/**
 * The 10,000 most common passwords, from zxcvbn-ts's list (ranked by how
 * often they appear in leaked password sets), lower-cased. Loaded from the
 * installed package the first time a password is checked: no network call.
 */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    dictionary['passwords-common']
      .slice(0, COMMON_PASSWORDS_REFUSED)
      .map((password) => password.toLowerCase()),
  );
  return common;
}
