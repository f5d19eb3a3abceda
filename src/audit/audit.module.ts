import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module.js';
import { ApiCallRecorder } from './api-call.recorder.js';
import { LearningLogPruner } from './learning-log.pruner.js';
import { LearningLogReader } from './learning-log.reader.js';
import { LearningLog } from './learning-log.service.js';
import { LearningLogWriter } from './learning-log.writer.js';

/**
 * The learning log: every API and agent call, recorded off the request path.
 * The operation of a call is noted on its request by CallAdmission.
 */
@Module({
  imports: [MetricsModule],
  providers: [
    ApiCallRecorder,
    LearningLog,
    LearningLogWriter,
    LearningLogPruner,
    LearningLogReader,
  ],
  exports: [ApiCallRecorder, LearningLog, LearningLogWriter, LearningLogReader],
})
export class AuditModule {}
