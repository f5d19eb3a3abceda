import {
  ArgumentMetadata,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  PipeTransform,
} from '@nestjs/common';
import type { Request } from 'express';
import { ApiValidationPipe } from '../../common/pipes/api-validation.pipe.js';

/**
 * Validates a value as a request body (unknown fields refused, 422
 * `validation_failed`), exactly as the global pipe validates `@Body()`.
 */
@Injectable()
export class AsBodyPipe implements PipeTransform {
  private readonly validation = new ApiValidationPipe();

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    return this.validation.transform(value, { ...metadata, type: 'body' });
  }
}

const requestBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): unknown =>
    context.switchToHttp().getRequest<Request>().body as unknown,
);

/**
 * The request body, validated by its declared type. Unlike `@Body()` it is
 * invisible to the OpenAPI generator, which would otherwise give the
 * operation one request schema for every content type; the featured-image
 * operation describes its JSON and multipart bodies itself.
 */
export const RequestFields = () => requestBody(AsBodyPipe);
