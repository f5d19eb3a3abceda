export { ListPager } from './list-pager.service.js';
export type { DayOrderedList } from './list-pager.service.js';
export { ListPagingModule } from './list-paging.module.js';
export type { RowStream } from '../database/index.js';
