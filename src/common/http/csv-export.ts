import { StreamableFile } from '@nestjs/common';
import { type Readable, Transform, pipeline } from 'node:stream';
import { attachment } from './content-disposition.js';
import { CSV_CONTENT_TYPE, csvRecord } from './csv.js';

/** Records are sent in chunks of about this many characters, not one write a row. */
const CHUNK_CHARACTERS = 64 * 1024;

type Field = string | number | boolean | null;

/**
 * A CSV answer streamed from rows as they arrive (arrays of fields, in the
 * header's order): a header row, then one record a row. Backpressure runs
 * from the client back to the rows' source, so memory stays bounded; when
 * the client goes away the answer is destroyed, and with it the source (the
 * database query).
 */
export function csvExport(header: string[], rows: Readable, filename: string): StreamableFile {
  let pending = csvRecord(header);
  const records = new Transform({
    writableObjectMode: true,
    transform(row: Field[], _encoding, done) {
      pending += csvRecord(row);
      if (pending.length < CHUNK_CHARACTERS) return done();
      const chunk = pending;
      pending = '';
      done(null, chunk);
    },
    flush(done) {
      done(null, pending);
    },
  });
  const body = pipeline(rows, records, () => undefined);
  return new StreamableFile(body, { type: CSV_CONTENT_TYPE, disposition: attachment(filename) });
}
