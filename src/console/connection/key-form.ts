import { SCOPES, type Scope } from '../../common/request/scopes.js';
import { formatDay, parseDay } from '../../common/dates.js';
import { hasControlCharacter } from '../../common/pipes/nul-field.js';
import type { PostedForm } from '../page/posted-form.js';

const MAX_NAME_LENGTH = 100;
const MS_PER_DAY = 86_400_000;

/** What the Create key form asks for, as typed (to show it again next to its problems). */
export interface KeyFormInput {
  name: string;
  scopes: string[];
  expires: string;
}

export type KeyFormVerdict =
  | { ok: true; name: string; scopes: Scope[]; expiresAt: Date | undefined }
  | { ok: false; problems: Partial<Record<keyof KeyFormInput, string>> };

export function keyFormInput(form: PostedForm): KeyFormInput {
  return {
    name: form.field('name'),
    scopes: form.fields('scopes'),
    expires: form.field('expires'),
  };
}

/**
 * The form's rules: a name of 1 to 100 characters (no control characters), at least one of the scopes,
 * and an optional last day (today or later, UTC) through which the key works,
 * as `keys create --expires` means it.
 */
export function checkKeyForm(input: KeyFormInput, now = new Date()): KeyFormVerdict {
  const problems: Partial<Record<keyof KeyFormInput, string>> = {};
  const name = input.name.trim();
  if (name.length === 0) problems.name = 'Give the key a name, so you can tell it apart later.';
  else if (name.length > MAX_NAME_LENGTH) problems.name = `At most ${MAX_NAME_LENGTH} characters.`;
  else if (hasControlCharacter(name)) {
    problems.name =
      'Letters, digits, spaces and punctuation only: no control characters (such as a tab, a line break or NUL).';
  }
  const scopes = SCOPES.filter((scope) => input.scopes.includes(scope));
  if (scopes.length === 0 || scopes.length !== new Set(input.scopes).size) {
    problems.scopes = 'Choose read, write or both.';
  }
  let expiresAt: Date | undefined;
  if (input.expires.trim() !== '') {
    const day = parseDay(input.expires.trim());
    if (day === undefined) problems.expires = 'A date as YYYY-MM-DD.';
    else if (day < parseDay(formatDay(now))!) problems.expires = 'That day is already over (UTC).';
    else expiresAt = new Date(day + MS_PER_DAY);
  }
  return Object.keys(problems).length > 0
    ? { ok: false, problems }
    : { ok: true, name, scopes, expiresAt };
}
