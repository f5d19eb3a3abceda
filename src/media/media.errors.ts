import { ApiError } from '../common/errors/api-error.js';

export class UnsupportedImageTypeError extends ApiError {
  constructor() {
    super(
      422,
      'unsupported_image_type',
      'The file is not a JPEG, PNG, WebP, GIF or AVIF image (judged by its bytes, not its name or declared type).',
      { details: [{ field: 'image', message: 'is not a JPEG, PNG, WebP, GIF or AVIF image' }] },
    );
  }
}

export class InvalidImageError extends ApiError {
  constructor(type: string, problem: string) {
    super(422, 'invalid_image', `The ${type} image is damaged: ${problem}.`, {
      details: [{ field: 'image', message: `is a damaged ${type}: ${problem}` }],
    });
  }
}

export class ImageTooLargeError extends ApiError {
  constructor(limit: number) {
    super(422, 'image_too_large', `The image is larger than ${limit} bytes.`, {
      limit,
      details: [{ field: 'image', message: `must be at most ${limit} bytes` }],
    });
  }
}
