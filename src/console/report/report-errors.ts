import { ConsolePageError } from '../console.errors.js';

/** `?format=` naming no file a report comes as. */
export class ReportFormatError extends ConsolePageError {
  constructor(base: string) {
    super(
      406,
      'not_acceptable',
      'No such file',
      'A report downloads as pdf, csv or html (format=pdf, format=csv or format=html).',
      {},
      { href: base, label: 'Back to the report' },
    );
  }
}
