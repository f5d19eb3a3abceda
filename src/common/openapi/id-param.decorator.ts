import { ApiParam } from '@nestjs/swagger';
import { INT32_ID } from './integer-schemas.js';

/** The path `{id}`, as IdParamPipe accepts it: anything else is 422 `invalid_parameter`. */
export const ApiIdParam = (description: string) =>
  ApiParam({ name: 'id', required: true, description, schema: { ...INT32_ID, example: 12 } });
