import {
  applyDecorators,
  SetMetadata,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  PageSession,
  ROUTE_ACCESS,
  type RouteAccess,
} from '../common/request/route-access.decorator.js';
import { SkipRateLimit } from '../common/request/skip-rate-limit.decorator.js';
import { ConsoleExceptionFilter } from './console-exception.filter.js';
import { ConsoleGuard } from './console.guard.js';
import { PageInterceptor } from './page/page.interceptor.js';

/**
 * A controller of console pages: who may see them (signed-in users unless a
 * handler says `@PageAccess('anyone')`), their guard (sign-in, CSRF on POST,
 * recording actions), what answers them (PageInterceptor: each handler returns
 * its view or a PageResult) and their error pages. Not part of the API: no
 * key, no per-key rate limit, not in the OpenAPI document.
 */
export function ConsolePages(session: PageSession = 'signed-in') {
  return applyDecorators(
    PageAccess(session),
    SkipRateLimit(),
    UseGuards(ConsoleGuard),
    UseInterceptors(PageInterceptor),
    UseFilters(ConsoleExceptionFilter),
    ApiExcludeController(),
  );
}

/** Who may open a console route, overriding its controller's default. */
export function PageAccess(session: PageSession) {
  return SetMetadata(ROUTE_ACCESS, { public: false, session } satisfies RouteAccess);
}
