import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { MAX_PER_PAGE } from '../pagination.js';

/** The `data` of a list page: at most `per_page` items, so never more than its maximum. */
export const ListData = (item: Type<unknown>) =>
  ApiProperty({
    type: [item],
    maxItems: MAX_PER_PAGE,
    description: `The items of this page: at most per_page (${MAX_PER_PAGE} at most).`,
  });
