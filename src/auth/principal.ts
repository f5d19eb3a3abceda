import type { Plan } from './entities/account.entity.js';
import type { Scope } from '../common/request/scopes.js';

/**
 * Who is calling: established by the guard, passed explicitly to every
 * service. A key, or an assistant's connection (OAuth, through the hosted
 * agent server only): exactly one of `keyId` and `connectionId` is set.
 */
export type Principal = {
  accountId: number;
  scopes: Scope[];
  plan: Plan;
} & ({ keyId: number; connectionId: null } | { keyId: null; connectionId: number });

/**
 * What the guard learned about a request's credential, kept on the request
 * even when it refused it, so the learning log can name key (or connection)
 * and account.
 */
export interface AuthAttempt {
  keyId: number | null;
  connectionId: number | null;
  accountId: number | null;
  principal: Principal | null;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthAttempt;
  }
}
