import { SetMetadata } from '@nestjs/common';

export const CSV_EXPORT = 'content-api:csv-export';

/**
 * A list that answers `format=csv` (or `Accept: text/csv`) with every
 * matching row: the limiter lets a key run only a few such exports at once
 * (ExportAdmission), however few requests they are.
 */
export const CsvExport = () => SetMetadata(CSV_EXPORT, true);
