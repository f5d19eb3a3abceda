import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The document, generated once at start-up. Generation needs the whole
 * application, which no provider can inject, so start-up hands it in here.
 */
@Injectable()
export class OpenApiDocumentHolder {
  private current: OpenAPIObject | undefined;

  publish(document: OpenAPIObject): void {
    this.current = document;
  }

  get document(): OpenAPIObject {
    if (this.current === undefined) throw new Error('The OpenAPI document was not generated');
    return this.current;
  }
}
