import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { jobQueue, JobQueue } from '../jobs/index.js';
import { LearningLogPartitions } from './learning-log-partitions.js';

type NoData = Record<string, never>;

/** Creates the months ahead and rehomes what the DEFAULT partition caught: daily, 00:07 UTC. */
export const LEARNING_LOG_PARTITIONS = jobQueue<NoData>('learning-log-partitions');
/** Drops the months past LEARNING_LOG_RETENTION_DAYS: daily, 03:37 UTC, a quiet hour in most of the world. */
export const LEARNING_LOG_RETENTION = jobQueue<NoData>('learning-log-retention');

/**
 * The learning log's upkeep, as scheduled jobs: each runs once a day on one
 * replica, whatever their number, and is retried if it fails (a lock it
 * could not get in time, the database away). Three months are made ahead, so
 * a few failed days change nothing; and rows of a month without a partition
 * land in the DEFAULT partition until the next run, never lost.
 */
@Injectable()
export class LearningLogUpkeepJobs implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly partitions: LearningLogPartitions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      queue: LEARNING_LOG_PARTITIONS,
      schedule: '7 0 * * *',
      retryDelaySeconds: 60,
      handle: async () => {
        await this.partitions.upkeep();
      },
    });
    this.jobs.register({
      queue: LEARNING_LOG_RETENTION,
      schedule: '37 3 * * *',
      retryDelaySeconds: 60,
      handle: async () => {
        await this.partitions.dropExpired(this.config.learningLogRetentionDays);
      },
    });
  }
}
