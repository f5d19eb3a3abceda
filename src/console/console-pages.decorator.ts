import { applyDecorators, SetMetadata, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  PageSession,
  ROUTE_ACCESS,
  type RouteAccess,
} from '../auth/decorators/route-access.decorator.js';
import { SkipRateLimit } from '../rate-limit/skip-rate-limit.decorator.js';
import { ConsoleExceptionFilter } from './console-exception.filter.js';
import { ConsoleGuard } from './console.guard.js';

export const CONSOLE_ACTION = 'content-api:console-action';

/**
 * A controller of console pages: who may see them (signed-in users unless a
 * handler says `@PageAccess('anyone')`), their guard (sign-in, CSRF on POST,
 * recording actions) and their error pages. Not part of the API: no key, no
 * per-key rate limit, not in the OpenAPI document.
 */
export function ConsolePages(session: PageSession = 'signed-in') {
  return applyDecorators(
    PageAccess(session),
    SkipRateLimit(),
    UseGuards(ConsoleGuard),
    UseFilters(ConsoleExceptionFilter),
    ApiExcludeController(),
  );
}

/** Who may open a console route, overriding its controller's default. */
export function PageAccess(session: PageSession) {
  return SetMetadata(ROUTE_ACCESS, { public: false, session } satisfies RouteAccess);
}

/** A console action that changes something, recorded in the learning log under this operation name. */
export function ConsoleAction(operation: string) {
  return SetMetadata(CONSOLE_ACTION, operation);
}
