import { existsSync } from 'node:fs';

/** Poppler's text extraction (Debian's `poppler-utils`); `.ci/run` installs it when it is missing. */
export const PDFTOTEXT = '/usr/bin/pdftotext';
const HAS_PDFTOTEXT = existsSync(PDFTOTEXT);

/**
 * `it` for a test that reads a PDF's text as a reader's viewer would:
 * skipped, saying so, on a machine without pdftotext, so that only it is
 * left out.
 */
export const itReadingPdf: jest.It = HAS_PDFTOTEXT ? it : it.skip;

if (!HAS_PDFTOTEXT) {
  console.warn(
    `PDF text checks skipped: no pdftotext at ${PDFTOTEXT} (apt-get install poppler-utils).`,
  );
}
