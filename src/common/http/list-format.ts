import type { Request } from 'express';
import { ApiError } from '../errors/api-error.js';
import { negotiateFormat } from './response-format.js';

/** What a list answers in: a JSON page (the default), or every matching row as CSV. */
export const LIST_MEDIA_TYPES = { json: 'application/json', csv: 'text/csv' } as const;

/** A CSV export has every row: it takes no page. */
export class ExportPagingError extends ApiError {
  constructor() {
    super(
      422,
      'conflicting_parameters',
      'A CSV export holds every matching row: leave out page and per_page.',
      {
        details: [
          { field: 'page', message: 'is not taken with format=csv' },
          { field: 'per_page', message: 'is not taken with format=csv' },
        ],
      },
    );
  }
}

/**
 * Whether a list request asks for the CSV export: `format=csv`, or `Accept`
 * preferring text/csv to JSON (any other `Accept` gets JSON, as always; an
 * unknown `format` is 406). Paging parameters with it are refused.
 */
export function wantsCsvExport(req: Request): boolean {
  if (negotiateFormat(req, LIST_MEDIA_TYPES, { lenientAccept: true }) !== 'csv') return false;
  if (req.query.page !== undefined || req.query.per_page !== undefined) {
    throw new ExportPagingError();
  }
  return true;
}
