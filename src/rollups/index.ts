export { DailyCountsReader } from './daily-counts.reader.js';
export type { DayFilter, PagePosition, PeriodCounts, SiteTotals } from './daily-counts.reader.js';
export { ReportCountsReader } from './report-counts.reader.js';
export type {
  DayCounts,
  Days,
  DomainCount,
  KeyCount,
  SitePeriodCounts,
  SiteRankings,
  SiteReportCounts,
  TargetCount,
} from './report-counts.reader.js';
export { countStatement } from './rollup-source.js';
export type { RollupSource } from './rollup-source.js';
export { ROLLUP_TABLES } from './rollup-tables.js';
export type { ListRollup, RollupName } from './rollup-tables.js';
export { RollupsModule } from './rollups.module.js';
export { RollupsRebuilder } from './rollups.rebuilder.js';
export type { RebuildResult } from './rollups.rebuilder.js';
