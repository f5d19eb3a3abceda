import { DynamicModule, Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/index.js';
import { JobMetrics } from './job-metrics.js';
import { JobQueue } from './job-queue.service.js';
import { JobTableReader } from './job-table.reader.js';
import { JOB_QUEUE_DATABASE_URL } from './jobs.tokens.js';

/**
 * Background work on one PostgreSQL-backed queue (pg-boss). Global, like the
 * database: a module that has work to do injects JobQueue, registers its
 * queues in `onModuleInit` and sends jobs. See job-definitions.ts.
 */
@Module({})
export class JobsModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: JobsModule,
      global: true,
      imports: [MetricsModule],
      providers: [
        { provide: JOB_QUEUE_DATABASE_URL, useValue: databaseUrl },
        JobQueue,
        JobMetrics,
        JobTableReader,
      ],
      exports: [JobQueue, JobTableReader],
    };
  }
}
