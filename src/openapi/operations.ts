import type { OpenAPIObject } from '@nestjs/swagger';

export interface ResponseObject {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, unknown>;
}

export interface OperationObject {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, ResponseObject>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document, for the steps that document something of all of them. */
export function eachOperation(document: OpenAPIObject): OperationObject[] {
  return Object.values(document.paths).flatMap((pathItem) =>
    METHODS.flatMap((method) => {
      const operation = (pathItem as Record<string, unknown>)[method];
      return typeof operation === 'object' && operation !== null
        ? [operation as OperationObject]
        : [];
    }),
  );
}
