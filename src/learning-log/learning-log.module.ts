import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LearningLogEntry } from './entities/learning-log-entry.entity.js';
import { MetricsModule } from '../metrics/index.js';
import { ApiCallRecorder } from './api-call.recorder.js';
import { LearningLogCounts } from './learning-log-counts.js';
import { LearningLogPartitions } from './learning-log-partitions.js';
import { LearningLogReader } from './learning-log.reader.js';
import { LearningLogSearch } from './learning-log-search.js';
import { LearningLog } from './learning-log.service.js';
import { LearningLogUpkeepJobs } from './learning-log-upkeep.jobs.js';
import { LearningLogWriter } from './learning-log.writer.js';

/**
 * The learning log: every API and agent call, recorded off the request path,
 * in a table partitioned by month that scheduled jobs keep (months ahead,
 * retention). The operation of a call is noted on its request by CallAdmission.
 */
@Module({
  imports: [TypeOrmModule.forFeature([LearningLogEntry]), MetricsModule],
  providers: [
    ApiCallRecorder,
    LearningLog,
    LearningLogWriter,
    LearningLogPartitions,
    LearningLogUpkeepJobs,
    LearningLogReader,
    LearningLogCounts,
    LearningLogSearch,
  ],
  exports: [
    ApiCallRecorder,
    LearningLog,
    LearningLogWriter,
    LearningLogReader,
    LearningLogCounts,
    LearningLogSearch,
  ],
})
export class LearningLogModule {}
