import type { AccountStatus, Plan } from '../../../auth/index.js';
import type { UserRole } from '../../../users/index.js';

/** Who is signed in on a request, and the account they act for. */
export interface SignedInUser {
  id: number;
  email: string;
  name: string | null;
  role: UserRole;
  /** The IANA zone their console shows times in ('UTC' unless they chose one). */
  timeZone: string;
  account: {
    id: number;
    name: string;
    plan: Plan;
    status: AccountStatus;
  };
}
