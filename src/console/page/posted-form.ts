import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The fields of a posted console form (urlencoded, parsed by BrowserSessionMiddleware). */
export class PostedForm {
  constructor(private readonly body: Record<string, unknown> = {}) {}

  /** A field as one string ('' when missing or sent more than once). */
  field(name: string): string {
    const value = this.body[name];
    return typeof value === 'string' ? value : '';
  }

  /** A field that may repeat (checkboxes): every string value sent. */
  fields(name: string): string[] {
    const value = this.body[name];
    if (typeof value === 'string') return [value];
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  }
}

/** The request's form, as a handler parameter: `@Form() form: PostedForm`. */
export const Form = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): PostedForm =>
    new PostedForm(ctx.switchToHttp().getRequest<Request>().body as Record<string, unknown>),
);
