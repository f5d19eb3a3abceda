import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from '../pagination.js';
import { IntegerQuery } from './query-validators.js';

export class PaginationQueryDto {
  @IntegerQuery({
    min: 1,
    max: MAX_PAGE,
    default: DEFAULT_PAGE,
    description: 'Page number, from 1; past the last page the list is empty.',
  })
  page: number = DEFAULT_PAGE;

  @IntegerQuery({
    min: 1,
    max: MAX_PER_PAGE,
    default: DEFAULT_PER_PAGE,
    description: `Items per page, 1 to ${MAX_PER_PAGE}.`,
  })
  per_page: number = DEFAULT_PER_PAGE;
}
