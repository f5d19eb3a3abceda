export { ConflictingParametersError, InvalidPeriodError } from './stats.errors.js';
export { StatsModule } from './stats.module.js';
export {
  resolveStatsRange,
  startAtEarliestRecord,
  type DayRange,
  type StatsRangeRequest,
} from './period-resolver.js';
export { StatsQueryDto } from './dto/stats-query.dto.js';
export { StatsDto } from './dto/stats.dto.js';
