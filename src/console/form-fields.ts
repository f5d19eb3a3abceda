import type { Request } from 'express';

/** A form field as one string ('' when missing or sent more than once). */
export function formField(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** A field that may repeat (checkboxes): every string value sent. */
export function formFields(req: Request, name: string): string[] {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** The one-time message left for the next page, taken (so it shows once). */
export function takeNotice(req: Request): string | undefined {
  const notice = req.session.notice;
  delete req.session.notice;
  return notice;
}

export function leaveNotice(req: Request, notice: string): void {
  req.session.notice = notice;
}
