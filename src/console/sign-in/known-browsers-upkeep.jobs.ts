import { Injectable, OnModuleInit } from '@nestjs/common';
import { jobQueue, JobQueue } from '../../jobs/index.js';
import { KnownBrowsers } from './known-browsers.js';

/** Forgets the browsers not seen for a year: daily, 03:47 UTC. */
export const KNOWN_BROWSERS_UPKEEP = jobQueue<Record<string, never>>('console-known-browsers');

/**
 * The known browsers' upkeep, as a scheduled job: once a day on one
 * replica, whatever their number, retried if it fails. Without it a person
 * who clears their cookies often would leave a row behind each time.
 */
@Injectable()
export class KnownBrowsersUpkeepJobs implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly browsers: KnownBrowsers,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      queue: KNOWN_BROWSERS_UPKEEP,
      schedule: '47 3 * * *',
      retryDelaySeconds: 60,
      handle: async () => {
        await this.browsers.forgetUnseen();
      },
    });
  }
}
