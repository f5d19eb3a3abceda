import { randomUUID } from 'node:crypto';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { wantsCsvExport } from '../common/http/list-format.js';
import { CSV_EXPORT } from '../common/request/csv-export.decorator.js';
import { credentialTracker } from './rate-limit-counters.js';
import { ExportsBusyError } from './rate-limit.errors.js';
import { RateLimitStore } from './rate-limit.store.js';

/** Whole-range exports one key may run at once (report.md, "Exports of whole ranges"). */
export const EXPORTS_AT_ONCE = 2;

/** What a refused export is told to wait: about what a large export takes. */
const EXPORT_RETRY_AFTER_SECONDS = 15;

/** A running export's slot is renewed a third of this often; a replica gone silent frees it after this. */
const LEASE_MS = 60_000;

/**
 * At most EXPORTS_AT_ONCE CSV exports per key (or assistant connection) at
 * once, across every replica when Redis is configured (the rate limits'
 * store). An export is counted as one request like any other (CallAdmission);
 * this holds a slot from the moment it is admitted until its answer is done
 * or the client has gone away, and refuses one more with 429 `rate_limited`
 * and `Retry-After`.
 */
@Injectable()
export class ExportAdmission implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly store: RateLimitStore,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const marked = this.reflector.getAllAndOverride<boolean | undefined>(CSV_EXPORT, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest<Request>();
    const tracker = credentialTracker(req.auth);
    if (!marked || tracker === null || !exportAsked(req)) return next.handle();
    const key = `exports:${tracker}`;
    const lease = randomUUID();
    if (!(await this.store.acquire(key, EXPORTS_AT_ONCE, LEASE_MS, lease))) {
      throw new ExportsBusyError(EXPORTS_AT_ONCE, EXPORT_RETRY_AFTER_SECONDS);
    }
    const renewal = setInterval(() => {
      this.store.renew(key, LEASE_MS, lease).catch(() => undefined);
    }, LEASE_MS / 3);
    renewal.unref();
    context
      .switchToHttp()
      .getResponse<Response>()
      .once('close', () => {
        clearInterval(renewal);
        this.store.release(key, lease).catch(() => undefined);
      });
    return next.handle();
  }
}

/** An export the handler will refuse (paging given, an unknown format) holds no slot. */
function exportAsked(req: Request): boolean {
  try {
    return wantsCsvExport(req);
  } catch {
    return false;
  }
}
