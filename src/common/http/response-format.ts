import type { Request } from 'express';
import { ApiError } from '../errors/api-error.js';

/** The formats an endpoint answers in: each `format=` name with its media type, the default first. */
export type Formats<F extends string> = Readonly<Record<F, string>>;

/** Neither `format` nor `Accept` names a format the endpoint answers in (RFC 9110 §15.5.7). */
export class NotAcceptableError extends ApiError {
  constructor(formats: Formats<string>, field: 'format' | 'Accept') {
    const supported = Object.entries(formats)
      .map(([name, type]) => `${name} (${type})`)
      .join(', ');
    super(406, 'not_acceptable', `This endpoint answers in ${supported}.`, {
      details: [{ field, message: `must be one of ${Object.keys(formats).join(', ')}` }],
    });
  }
}

/**
 * The format a request asks for: `format=` when given (it wins: links and
 * browsers cannot set headers), else the best of `formats` by `Accept`
 * (quality, then specificity; no `Accept` or `*\/*`: the first, the default).
 * An unknown `format` is 406; so is an `Accept` that none matches, unless
 * `lenientAccept`, which answers in the default instead (the list
 * endpoints, whose clients have sent any `Accept` since before they had
 * other formats).
 */
export function negotiateFormat<F extends string>(
  req: Request,
  formats: Formats<F>,
  { lenientAccept = false }: { lenientAccept?: boolean } = {},
): F {
  const names = Object.keys(formats) as F[];
  const asked: unknown = req.query.format;
  if (asked !== undefined) {
    if (typeof asked === 'string' && (names as string[]).includes(asked)) return asked as F;
    throw new NotAcceptableError(formats, 'format');
  }
  const best = req.accepts(names.map((name) => formats[name]));
  if (best === false) {
    if (lenientAccept) return names[0];
    throw new NotAcceptableError(formats, 'Accept');
  }
  return names.find((name) => formats[name] === best) ?? names[0];
}
