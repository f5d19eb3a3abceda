import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import type { Request } from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    /** The matched route's OpenAPI operation id, for the learning log. */
    operationId?: string;
  }
}

/**
 * Notes the route's operation id on the request. A guard because it is the
 * earliest step that knows the handler; it runs first (see AppModule), so the
 * learning log names the operation even of a call that a later guard refuses.
 * It never refuses anything itself.
 */
@Injectable()
export class RouteOperationGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const operation = Reflect.getMetadata(DECORATORS.API_OPERATION, context.getHandler()) as
      { operationId?: string } | undefined;
    if (operation?.operationId) {
      context.switchToHttp().getRequest<Request>().operationId = operation.operationId;
    }
    return true;
  }
}
