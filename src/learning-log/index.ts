export { ApiCallRecorder } from './api-call.recorder.js';
export { LearningLogCounts } from './learning-log-counts.js';
export { LearningLogModule } from './learning-log.module.js';
export { DEFAULT_LIST_LIMIT, LearningLogReader, MAX_LIST_LIMIT } from './learning-log.reader.js';
export type {
  DailyStatusCount,
  LearningLogView,
  LogEntry,
  LogPage,
  LogPageRow,
} from './learning-log.reader.js';
export { LearningLogSearch } from './learning-log-search.js';
export { LearningLog } from './learning-log.service.js';
export { recordWhenAnswered } from './record-when-answered.js';
export type { LogMatch, LogPageFilter } from './log-filter-sql.js';
