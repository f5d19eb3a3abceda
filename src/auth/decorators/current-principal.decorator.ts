import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Principal } from '../principal.js';

/** The authenticated caller; only on routes behind @Authenticated. */
export const CurrentPrincipal = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Principal => {
    const principal = ctx.switchToHttp().getRequest<Request>().auth?.principal;
    if (!principal) throw new Error('CurrentPrincipal used on a route without @Authenticated');
    return principal;
  },
);
