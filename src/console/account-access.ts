import { API_PLANS } from '../auth/index.js';
import type { SignedInUser } from './sign-in/session/signed-in-user.js';
import { ActionNotAllowedError } from './console.errors.js';

/** Whether the account may use the API and agents (the API's own 403 rules, decided once here). */
export type ApiAccess = 'included' | 'plan_not_eligible' | 'account_suspended';

export function apiAccessOf(account: SignedInUser['account']): ApiAccess {
  if (account.status === 'suspended') return 'account_suspended';
  return API_PLANS.includes(account.plan) ? 'included' : 'plan_not_eligible';
}

/** Keys (and assistant connections) are for accounts with API access only. */
export function assertApiAccess(user: SignedInUser): void {
  const access = apiAccessOf(user.account);
  if (access === 'plan_not_eligible') {
    throw new ActionNotAllowedError(
      `The ${user.account.plan} plan does not include API or agent access, so no keys can be made. API access comes with the Enterprise and Agency plans.`,
    );
  }
  if (access === 'account_suspended') {
    throw new ActionNotAllowedError(
      'This account is suspended: nothing can be changed until it is resumed.',
    );
  }
}

/** A suspended account changes nothing, in the console as through the API. */
export function assertNotSuspended(user: SignedInUser): void {
  if (user.account.status === 'suspended') {
    throw new ActionNotAllowedError(
      'This account is suspended: nothing can be changed until it is resumed.',
    );
  }
}

const PLAN_NAMES: Record<string, string> = {
  starter: 'Starter',
  growth: 'Growth',
  enterprise: 'Enterprise',
  agency: 'Agency',
};

export function planName(plan: string): string {
  return PLAN_NAMES[plan] ?? plan;
}
