import { Injectable, PipeTransform } from '@nestjs/common';
import { InvalidParameterError } from '../errors/api-error.js';

export const MAX_ID = 2_147_483_647;

/** Path ids: a positive integer that fits the id column, else 422 naming `id`. */
@Injectable()
export class IdParamPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID) {
      throw new InvalidParameterError('id', `must be an integer from 1 to ${MAX_ID}`);
    }
    return Number(value);
  }
}
