import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { SignedInUser } from './sign-in/session/signed-in-user.js';

/** The signed-in user of a console page that requires one (ConsoleGuard has checked). */
export const CurrentUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): SignedInUser => {
    const user = ctx.switchToHttp().getRequest<Request>().signedInUser;
    if (!user) throw new Error('CurrentUser used on a console route that does not require sign-in');
    return user;
  },
);
