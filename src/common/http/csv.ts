/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by
 * CRLF, a field quoted when it holds a comma, a quote, CR or LF, its quotes
 * doubled. A null (or undefined) field is empty, as is an empty string: CSV
 * has no null.
 */
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRecord(
  values: ReadonlyArray<string | number | boolean | null | undefined>,
): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : ',') + csvField(values[i]);
  return `${line}\r\n`;
}

/** The media type of a CSV answer (RFC 4180 §3, RFC 7111). */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';
