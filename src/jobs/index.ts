export { jobQueue } from './job-definitions.js';
export { migrateJobQueueSchema } from './job-queue-schema.js';
export { JobQueue } from './job-queue.service.js';
export {
  DEFAULT_JOB_LIST_LIMIT,
  JOB_STATES,
  JobTableReader,
  MAX_JOB_LIST_LIMIT,
} from './job-table.reader.js';
export type { JobState, JobView } from './job-table.reader.js';
export { JobsModule } from './jobs.module.js';
