import {
  type ArgumentMetadata,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  type PipeTransform,
} from '@nestjs/common';
import type { Request } from 'express';
import { CsrfProtection } from '../sign-in/session/csrf-protection.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { takeNotice } from './flash.js';

/**
 * What every console page is drawn with: who is signed in (for the top bar
 * and the account), the session's CSRF token (for every form, sign-out
 * included) and the one-time notice the action that led here left.
 */
export interface PageContext {
  readonly user: SignedInUser;
  readonly csrf: string;
  readonly notice: string | undefined;
}

/** The same, on a page anyone may open (signing in, choosing a password). */
export interface AnyonePageContext extends Omit<PageContext, 'user'> {
  readonly user: SignedInUser | null;
}

/**
 * The token and the notice are read only when a view uses them: the token for
 * a page with a form (for a visitor without a session, reading it sets a
 * cookie), the notice by a page that shows it (reading it takes it out of the
 * session, so a page that does not show it leaves it for the one that does).
 */
class RequestPageContext implements AnyonePageContext {
  private token?: string;
  private taken?: { notice: string | undefined };

  constructor(
    readonly user: SignedInUser | null,
    private readonly req: Request,
    private readonly protection: CsrfProtection,
  ) {}

  get csrf(): string {
    return (this.token ??= this.protection.token(this.req));
  }

  get notice(): string | undefined {
    return (this.taken ??= { notice: takeNotice(this.req) }).notice;
  }
}

type Access = 'anyone' | undefined;

/** Turns the request into its PageContext: a pipe, as the CSRF token needs CsrfProtection. */
@Injectable()
export class PageContextPipe implements PipeTransform<Request, AnyonePageContext> {
  constructor(private readonly csrf: CsrfProtection) {}

  transform(req: Request, metadata: ArgumentMetadata): AnyonePageContext {
    const user = req.signedInUser ?? null;
    if (user === null && (metadata.data as Access) !== 'anyone') {
      throw new Error('@PageContext() on a console route that does not require sign-in');
    }
    return new RequestPageContext(user, req, this.csrf);
  }
}

const RequestParam = createParamDecorator((_: Access, ctx: ExecutionContext): Request =>
  ctx.switchToHttp().getRequest<Request>(),
);

/**
 * A page handler's parameter: `@PageContext() page: PageContext` (ConsoleGuard
 * has checked the user), or `@PageContext('anyone') page: AnyonePageContext`
 * on a page before sign-in.
 */
export function PageContext(access?: 'anyone'): ParameterDecorator {
  return RequestParam(access, PageContextPipe);
}
