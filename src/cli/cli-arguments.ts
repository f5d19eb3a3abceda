import { InvalidArgumentError } from 'commander';
import { SCOPES, Scope } from '../common/request/scopes.js';
import { parseDay } from '../common/dates.js';

/** Every command takes it: print exactly one JSON document on stdout instead of text. */
export const JSON_OPTION_HELP = 'print the result as one JSON document on stdout';

const MS_PER_DAY = 86_400_000;

/** A database id: a positive whole number. */
export function parseId(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw new InvalidArgumentError('It must be a positive whole number.');
  }
  return Number(value);
}

/** `read`, `write` or `read,write`. */
export function parseScopes(value: string): Scope[] {
  const scopes = value.split(',').map((scope) => scope.trim());
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(`Allowed scopes are ${SCOPES.join(', ')}, comma-separated.`);
  }
  return [...new Set(scopes as Scope[])];
}

/**
 * `--expires YYYY-MM-DD`: the key works through that whole day (UTC) and
 * stops at the following midnight UTC, which is the `expires_at` stored.
 */
export function parseExpiryDay(value: string): Date {
  const day = parseDay(value);
  if (day === undefined) throw new InvalidArgumentError('It must be a date as YYYY-MM-DD.');
  const expiresAt = new Date(day + MS_PER_DAY);
  if (expiresAt.getTime() <= Date.now()) {
    throw new InvalidArgumentError('That day is already over (UTC).');
  }
  return expiresAt;
}
