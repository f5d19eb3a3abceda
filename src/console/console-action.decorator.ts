import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

export const CONSOLE_ACTION = 'content-api:console-action';

/** A console action that changes something, recorded in the learning log under this operation name. */
export function ConsoleAction(operation: string) {
  return SetMetadata(CONSOLE_ACTION, operation);
}

/**
 * The id of the learning-log row an action is recorded as (minted when its
 * recording starts), for what the action makes to point at: a restore's revision.
 */
export const LearningLogEntry = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string | undefined =>
    ctx.switchToHttp().getRequest<Request>().learningLogId,
);
