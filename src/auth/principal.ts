import type { Plan } from './entities/account.entity.js';
import type { Scope } from './entities/api-key.entity.js';

/** Who is calling: established by the guard, passed explicitly to every service. */
export interface Principal {
  accountId: number;
  keyId: number;
  scopes: Scope[];
  plan: Plan;
}

/**
 * What the guard learned about a request's credential, kept on the request
 * even when it refused it, so the learning log can name key and account.
 */
export interface AuthAttempt {
  keyId: number | null;
  accountId: number | null;
  principal: Principal | null;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthAttempt;
  }
}
