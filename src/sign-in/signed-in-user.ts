import type { AccountStatus, Plan } from '../auth/entities/account.entity.js';
import type { UserRole } from '../users/entities/user.entity.js';

/** Who is signed in on a request, and the account they act for. */
export interface SignedInUser {
  id: number;
  email: string;
  name: string | null;
  role: UserRole;
  account: {
    id: number;
    name: string;
    plan: Plan;
    status: AccountStatus;
  };
}
