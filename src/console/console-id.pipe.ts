import { Injectable, PipeTransform } from '@nestjs/common';
import { PageNotFoundError } from './console.errors.js';

const MAX_ID = 2_147_483_647;

/** An id in a console address; anything that is not one is a page that does not exist. */
@Injectable()
export class ConsoleIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) throw new PageNotFoundError();
    return Number(value);
  }
}
