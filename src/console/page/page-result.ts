import type { StreamableFile } from '@nestjs/common';
import type { JSX } from 'hono/jsx/jsx-runtime';
import type { Flash } from './flash.js';

/** What a console handler returns; PageInterceptor turns it into the response. */
export type PageResult = JSX.Element | SeeOther | Refused | RawDocument | Download;

/**
 * The answer to a form that worked (post/redirect/get): 303 to `location`,
 * after the session, with `flash` in it, is stored — a browser follows the
 * redirect as soon as it has the headers and may ask for the next page
 * before express-session would store it at the end of the response.
 */
export class SeeOther {
  constructor(
    readonly location: string,
    readonly flash: Flash = {},
  ) {}
}

/**
 * A form refused, shown again with what to correct (or the page that says
 * why): its 4xx status, and the error identifier the learning log records.
 */
export class Refused {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly view: JSX.Element,
  ) {}
}

/**
 * An HTML document that is not a console page — an article body for its
 * sandboxed frame — sent as it is, with headers of its own.
 */
export class RawDocument {
  constructor(
    readonly html: string,
    readonly headers: Record<string, string>,
  ) {}
}

/**
 * A file made for the signed-in person (a report as CSV, HTML or PDF): its
 * body, type and file name as the file's maker set them, and headers of its
 * own (a report page's policy instead of the console's).
 */
export class Download {
  constructor(
    readonly file: StreamableFile,
    readonly headers: Record<string, string> = {},
  ) {}
}
