import { applyDecorators, type Type, UseInterceptors } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiQuery,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { ErrorResponseDto } from '../dto/error-response.dto.js';
import { CsvExport } from '../request/csv-export.decorator.js';
import { PageLinksInterceptor } from './page-links.interceptor.js';

const LINK_HEADER = {
  Link: {
    description:
      'RFC 8288 links to the `first`, `prev` (not on page 1), `next` (not on the last page) and `last` pages: this request with another `page`, every other query parameter kept, on the public base URL. Not on a CSV export.',
    schema: {
      type: 'string',
      example:
        '<https://api.example.com/api/v1/sites?page=1&per_page=20>; rel="first", <https://api.example.com/api/v1/sites?page=2&per_page=20>; rel="next", <https://api.example.com/api/v1/sites?page=3&per_page=20>; rel="last"',
    },
  },
};

/** The most rows a CSV export can have: every backlink of a site, whatever its size. */
const MAX_EXPORT_CHARACTERS = Number.MAX_SAFE_INTEGER;

/**
 * A list operation: its `{data, meta}` response, documented, and the `Link`
 * header it carries. With `csvHeader` (the columns of an item, in JSON
 * order) it also answers every matching row as CSV: `format=csv` or
 * `Accept: text/csv`, documented with its own media type, its refusals
 * (406 for an unknown format, 422 for paging), and held to a few at once per
 * key (CsvExport).
 */
export function PagedList(type: Type<unknown>, description: string, csvHeader?: string[]) {
  if (csvHeader === undefined) {
    return applyDecorators(
      UseInterceptors(PageLinksInterceptor),
      ApiOkResponse({ type, description, headers: LINK_HEADER }),
    );
  }
  return applyDecorators(
    UseInterceptors(PageLinksInterceptor),
    CsvExport(),
    ApiExtraModels(type),
    ApiQuery({
      name: 'format',
      required: false,
      enum: ['json', 'csv'],
      description:
        '`csv`: every matching row as CSV instead of a page (`page` and `per_page` are then refused); wins over `Accept: text/csv`, which asks for the same. Another value is 406 `not_acceptable`.',
    }),
    ApiResponse({
      status: 200,
      description: `${description} As CSV (\`format=csv\` or \`Accept: text/csv\`): every matching row, not a page, in the list's order, streamed — a header row, then one record a row with the item's fields in its JSON order (RFC 4180, UTF-8; null is an empty field), as an attachment. It counts as one request; at most 2 exports of a key run at once, and another is 429 \`rate_limited\` with \`Retry-After\`.`,
      headers: {
        ...LINK_HEADER,
        'Content-Disposition': {
          description: 'CSV only: `attachment` with a file name.',
          schema: { type: 'string', maxLength: 512, pattern: '^attachment; ' },
        },
      },
      content: {
        'application/json': { schema: { $ref: getSchemaPath(type) } },
        'text/csv': {
          schema: { type: 'string', maxLength: MAX_EXPORT_CHARACTERS },
          example: `${csvHeader.join(',')}\r\n`,
        },
      },
    }),
    ApiResponse({
      status: 406,
      description: '`format` is neither json nor csv (`not_acceptable`).',
      content: {
        'application/json': {
          schema: { $ref: getSchemaPath(ErrorResponseDto) },
          example: {
            error: 'not_acceptable',
            message: 'This endpoint answers in json (application/json), csv (text/csv).',
            details: [{ field: 'format', message: 'must be one of json, csv' }],
          },
        },
      },
    }),
  );
}
