import type { Formats } from '../common/http/response-format.js';

/** The formats of both reports, JSON first (the default). */
export const REPORT_MEDIA_TYPES = {
  json: 'application/json',
  csv: 'text/csv',
  html: 'text/html',
  pdf: 'application/pdf',
} as const satisfies Formats<string>;

export type ReportFormat = keyof typeof REPORT_MEDIA_TYPES;

export const REPORT_FORMATS = Object.keys(REPORT_MEDIA_TYPES) as ReportFormat[];
