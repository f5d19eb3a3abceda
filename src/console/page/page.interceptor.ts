import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { isValidElement } from 'hono/jsx';
import type { StreamableFile } from '@nestjs/common';
import { mergeMap, type Observable } from 'rxjs';
import { leaveFlash } from './flash.js';
import { Download, RawDocument, Refused, SeeOther } from './page-result.js';
import { renderHtml } from './render-html.js';

/**
 * Answers a console handler with what it returns (ConsolePages puts it on
 * every console controller): a view is rendered as a 200 page, `Refused` with
 * its status, `SeeOther` stores the session and redirects, `RawDocument` is
 * sent as it is, `Download` is handed to Nest as its file. The headers every page carries (CSP, no-store, framing) are
 * set before any of this by BrowserSessionMiddleware, so redirects and error
 * pages have them too; errors become pages in ConsoleExceptionFilter.
 *
 * The status is set here and Nest sends the body: a status set by an
 * interceptor stands (Nest's own default, 201 for a POST, is set before).
 */
@Injectable()
export class PageInterceptor implements NestInterceptor {
  intercept(
    context: ExecutionContext,
    next: CallHandler,
  ): Observable<string | StreamableFile | undefined> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    return next.handle().pipe(mergeMap((result: unknown) => answer(result, req, res)));
  }
}

async function answer(
  result: unknown,
  req: Request,
  res: Response,
): Promise<string | StreamableFile | undefined> {
  // A handler that hands the response to a library (the OAuth consent's answer) returns nothing.
  if (result === undefined) return undefined;
  if (result instanceof SeeOther) {
    leaveFlash(req, result.flash);
    await saveSession(req);
    res.status(303).location(result.location);
    return '';
  }
  if (result instanceof Refused) {
    res.locals.errorCode = result.code;
    res.status(result.status).type('html');
    return renderHtml(result.view);
  }
  if (result instanceof RawDocument) {
    for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
    res.status(200).type('html');
    return result.html;
  }
  if (result instanceof Download) {
    for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
    res.status(200);
    return result.file;
  }
  if (isValidElement(result)) {
    res.status(200).type('html');
    return renderHtml(result);
  }
  throw new TypeError('A console handler returned something that is not a page result');
}

function saveSession(req: Request): Promise<void> {
  const session = req.session as Request['session'] | undefined;
  if (!session) return Promise.resolve();
  return new Promise((resolve, reject) =>
    session.save((error?: Error) => (error ? reject(error) : resolve())),
  );
}
