import { All, Controller } from '@nestjs/common';
import { ConsolePages, PageAccess } from './console-pages.decorator.js';
import { PageNotFoundError } from './console.errors.js';

/** Any other address under /console: the console's own "not found" page. Registered last. */
@ConsolePages()
@Controller('console')
export class ConsoleNotFoundController {
  @All('*path')
  @PageAccess('anyone')
  notFound(): never {
    throw new PageNotFoundError();
  }
}
