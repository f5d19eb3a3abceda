import { ValidationFailedError } from '../../common/errors/api-error.js';

/** A white-label field that cannot be saved: which one, and why, in a sentence. */
export class ReportBrandInvalidError extends ValidationFailedError {
  constructor(
    readonly field: 'display_name' | 'logo',
    reason: string,
  ) {
    super(reason, [{ field, message: reason }]);
  }
}
