import {
  CallHandler,
  ExecutionContext,
  HttpException,
  Injectable,
  NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { ValidationFailedError } from '../common/errors/api-error.js';
import { ImageTooLargeError } from './media.errors.js';

/** 10 MiB: the largest image accepted (decisions.md, "Featured image"). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** A multipart part's name is its field: `image` (the file), `url`, `reason`. */
export const IMAGE_FIELD = 'image';

/**
 * Room for the text fields of the form: a 2,048-character URL or a
 * 2,000-character reason in a multi-byte script fits, and the DTO then
 * reports the exact length limit.
 */
const FIELD_VALUE_BYTES = 32 * 1024;

/**
 * Parses a multipart/form-data request (a JSON one passes untouched) into
 * `req.file` and `req.body`, held in memory and never past the limits: an
 * image over 10 MiB stops the upload at the limit and is refused with 422
 * `image_too_large`; other form problems are 422 `validation_failed`.
 */
@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor = new (FileInterceptor(IMAGE_FIELD, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 8, fieldSize: FIELD_VALUE_BYTES },
  }))();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      throw uploadError(error);
    }
  }
}

function uploadError(error: unknown): unknown {
  if (!(error instanceof HttpException)) return error;
  const { code, field } = (error.cause ?? {}) as { code?: string; field?: string };
  if (code === 'LIMIT_FILE_SIZE') return new ImageTooLargeError(MAX_IMAGE_BYTES);
  if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') {
    return formError(
      field ?? IMAGE_FIELD,
      `is not accepted as a file: send one file, in the "${IMAGE_FIELD}" field`,
    );
  }
  if (code === 'LIMIT_FIELD_VALUE') {
    return formError(field ?? 'form', `is longer than ${FIELD_VALUE_BYTES} bytes`);
  }
  return error.getStatus() === 400
    ? formError('body', 'is not a well-formed multipart/form-data body')
    : error;
}

function formError(field: string, message: string): ValidationFailedError {
  return new ValidationFailedError(`Invalid request body: ${field} ${message}`, [
    { field, message },
  ]);
}
