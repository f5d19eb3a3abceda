import type { SignedInUser } from '../sign-in/session/signed-in-user.js';

/** Owners revoke any key of the account; members only the keys they made. */
export function mayRevoke(user: SignedInUser, key: { created_by_user_id: number | null }): boolean {
  return user.role === 'owner' || key.created_by_user_id === user.id;
}
