import { Module } from '@nestjs/common';
import { RollupsModule } from '../rollups/index.js';
import { ListPager } from './list-pager.service.js';

/**
 * The paging engine of the day-ordered lists (a site's articles and
 * backlinks): exact totals and deep pages from the daily rollups, so that no
 * page costs more as a site grows.
 */
@Module({
  imports: [RollupsModule],
  providers: [ListPager],
  exports: [ListPager],
})
export class ListPagingModule {}
