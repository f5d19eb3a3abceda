import { applyDecorators, type Type, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { PageLinksInterceptor } from './page-links.interceptor.js';

const LINK_HEADER = {
  Link: {
    description:
      'RFC 8288 links to the `first`, `prev` (not on page 1), `next` (not on the last page) and `last` pages: this request with another `page`, every other query parameter kept, on the public base URL.',
    schema: {
      type: 'string',
      example:
        '<https://api.example.com/api/v1/sites?page=1&per_page=20>; rel="first", <https://api.example.com/api/v1/sites?page=2&per_page=20>; rel="next", <https://api.example.com/api/v1/sites?page=3&per_page=20>; rel="last"',
    },
  },
};

/** A list operation: its `{data, meta}` response, documented, and the `Link` header it carries. */
export function PagedList(type: Type<unknown>, description: string) {
  return applyDecorators(
    UseInterceptors(PageLinksInterceptor),
    ApiOkResponse({ type, description, headers: LINK_HEADER }),
  );
}
