import {
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  StreamableFile,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { JsonRows, pageBody, type JsonPage } from '../json-rows.js';
import type { Page } from '../pagination.js';
import { pageLinks } from './page-links.js';

/**
 * Sets the `Link` header of a list response from its `meta`, with
 * PUBLIC_BASE_URL as the base. A page whose items PostgreSQL serialised
 * (JsonRows) is sent as the text it already is; a CSV export (a stream, no
 * pages) goes through untouched.
 */
@Injectable()
export class PageLinksInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(
    context: ExecutionContext,
    next: CallHandler<Page<unknown> | JsonPage | StreamableFile>,
  ): Observable<Page<unknown> | string | StreamableFile> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    return next.handle().pipe(
      map((page) => {
        if (page instanceof StreamableFile) return page;
        const start = req.originalUrl.indexOf('?');
        const query = start === -1 ? '' : req.originalUrl.slice(start + 1);
        res.setHeader('Link', pageLinks(this.config.publicBaseUrl, req.path, query, page.meta));
        if (!(page.data instanceof JsonRows)) return page as Page<unknown>;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        return pageBody(page as JsonPage);
      }),
    );
  }
}
