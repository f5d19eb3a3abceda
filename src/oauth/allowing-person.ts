import type { FindAccount } from 'oidc-provider';
import type { UserDirectory } from '../users/index.js';

/** The id of a user as the authorization server knows them (the grant's `accountId`). */
const USER_ID = /^[1-9]\d{0,9}$/;

/**
 * The authorization server's `findAccount`: the "account" of a grant is the
 * person who allowed it (the consent page gives their user id). It is asked
 * on every code exchange and every refresh, and answers only while that
 * person is an active user, so a disabled or removed person's assistant gets
 * `invalid_grant` there, whatever ended their access.
 */
export function allowingPerson(people: Pick<UserDirectory, 'isActive'>): FindAccount {
  return async (_ctx, sub) => {
    if (!USER_ID.test(sub) || Number(sub) > 2 ** 31 - 1) return undefined;
    return (await people.isActive(Number(sub)))
      ? { accountId: sub, claims: () => ({ sub }) }
      : undefined;
  };
}
