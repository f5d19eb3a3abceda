import { ValidationFailedError } from '../common/errors/api-error.js';
import type { ImportProblems } from './import-problems.js';

/** The file broke the import rules; nothing was written. `details` names each problem by JSON path. */
export class ImportRejectedError extends ValidationFailedError {
  constructor(problems: ImportProblems) {
    const shown = problems.reported.length;
    const count = problems.count;
    const more = count > shown ? ` (the first ${shown} are listed)` : '';
    super(
      `The import file has ${count} problem${count === 1 ? '' : 's'}${more}; nothing was imported.`,
      problems.reported.map(({ path, message }) => ({ field: path, message })),
    );
  }
}

/** The file could not be read at all. */
export class ImportFileUnreadableError extends ValidationFailedError {
  constructor(file: string, reason: string) {
    super(`Cannot read the import file ${file}: ${reason}.`, []);
  }
}
