import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import { ErrorResponseDto } from '../dto/error-response.dto.js';
import { WWW_AUTHENTICATE } from '../openapi/header-schemas.js';
import type { Scope } from './scopes.js';

export const ROUTE_ACCESS = 'content-api:route-access';
/**
 * Who may call a route: anyone, a key with a scope (the API), or a person in a
 * browser session (the console's pages: `signed-in`, or `anyone` for the
 * sign-in forms themselves). Key routes are ApiKeyGuard's; page routes are
 * their own guard's (ConsoleGuard).
 */
export type RouteAccess =
  { public: true } | { public: false; scope: Scope } | { public: false; session: PageSession };
export type PageSession = 'signed-in' | 'anyone';

export const BEARER_SCHEME = 'bearer';
export const API_KEY_SCHEME = 'apiKey';

/** No credential needed (the OpenAPI document, health, media). */
export const Public = () => SetMetadata(ROUTE_ACCESS, { public: true } satisfies RouteAccess);

/**
 * A key with `scope` is needed. Sets what the guard enforces and what the
 * OpenAPI document says in one place, so the two cannot drift.
 */
export function Authenticated(scope: Scope = 'read') {
  return applyDecorators(
    SetMetadata(ROUTE_ACCESS, { public: false, scope } satisfies RouteAccess),
    ApiBearerAuth(BEARER_SCHEME),
    ApiSecurity(API_KEY_SCHEME),
    ApiResponse({
      status: 401,
      description:
        'Credential missing (`missing_credentials`) or unknown, revoked or expired (`invalid_credentials`).',
      type: ErrorResponseDto,
      headers: { 'WWW-Authenticate': WWW_AUTHENTICATE },
    }),
    ApiResponse({
      status: 403,
      description:
        scope === 'write'
          ? 'Plan without API access (`plan_not_eligible`), suspended account (`account_suspended`) or a read-only key (`insufficient_scope`).'
          : 'Plan without API access (`plan_not_eligible`) or suspended account (`account_suspended`).',
      type: ErrorResponseDto,
    }),
  );
}
