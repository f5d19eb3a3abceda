import { Module } from '@nestjs/common';
import { DailyCountsReader } from './daily-counts.reader.js';
import { DayOrderedPages } from './day-ordered-pages.service.js';

/** The daily rollups (migration DailyCounts): totals, stats and pages without scanning a site. */
@Module({
  providers: [DailyCountsReader, DayOrderedPages],
  exports: [DailyCountsReader, DayOrderedPages],
})
export class RollupsModule {}
