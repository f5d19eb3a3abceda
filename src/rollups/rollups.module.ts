import { Module } from '@nestjs/common';
import { DailyCountsReader } from './daily-counts.reader.js';
import { ReportCountsReader } from './report-counts.reader.js';

/**
 * The daily rollups (migrations DailyCounts, SiteCounts, ReportRollups):
 * totals, stats, list positions and the report's breakdowns without scanning a site.
 */
@Module({
  providers: [DailyCountsReader, ReportCountsReader],
  exports: [DailyCountsReader, ReportCountsReader],
})
export class RollupsModule {}
