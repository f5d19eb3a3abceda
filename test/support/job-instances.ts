import {
  DynamicModule,
  Inject,
  Injectable,
  Module,
  type INestApplicationContext,
  type OnModuleInit,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config.js';
import { ConfigModule } from '../../src/config/config.module.js';
import { DatabaseModule } from '../../src/database/database.module.js';
import { jobQueue } from '../../src/jobs/job-definitions.js';
import { JobQueue } from '../../src/jobs/job-queue.service.js';
import { JobsModule } from '../../src/jobs/jobs.module.js';
import { MetricsService } from '../../src/metrics/metrics.service.js';
import { JOB_QUEUE_SCHEMA } from '../../src/jobs/pg-boss-options.js';

/** A probe job: it records each attempt, then fails the first `failures` attempts. */
export interface ProbeJob {
  label: string;
  failures?: number;
}

export const PROBE = jobQueue<ProbeJob>('probe');
export const PROBE_RETRY_LIMIT = 2;

const INSTANCE = Symbol('INSTANCE');

/** Where probe attempts are recorded; created by `createProbeTable`. */
export async function createProbeTable(db: DataSource): Promise<void> {
  await db.query(`CREATE TABLE job_probe_attempts (
                    job_id uuid NOT NULL, label text NOT NULL, instance text NOT NULL,
                    retries integer NOT NULL)`);
}

/** Registers the probe queue the way a feature module registers its own (email, later). */
@Injectable()
class ProbeWorker implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly db: DataSource,
    @Inject(INSTANCE) private readonly instance: string,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      queue: PROBE,
      retryLimit: PROBE_RETRY_LIMIT,
      retryDelaySeconds: 1,
      handle: async (data, context) => {
        await this.db.query(
          `INSERT INTO job_probe_attempts (job_id, label, instance, retries) VALUES ($1, $2, $3, $4)`,
          [context.id, data.label, this.instance, context.retries],
        );
        if (context.retries < (data.failures ?? 0)) {
          throw new Error(`probe ${data.label} failed attempt ${context.retries + 1}`);
        }
      },
    });
  }
}

@Module({})
class ProbeInstanceModule {
  static forRoot(databaseUrl: string, queueUrl: string, instance: string): DynamicModule {
    return {
      module: ProbeInstanceModule,
      imports: [
        ConfigModule.forRoot(loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' })),
        DatabaseModule.forRoot(databaseUrl),
        JobsModule.forRoot(queueUrl),
      ],
      providers: [ProbeWorker, { provide: INSTANCE, useValue: instance }],
    };
  }
}

/**
 * One replica's job machinery — the service's JobsModule on its own database
 * pool, with the probe queue registered — started as the server starts it.
 * `queueUrl` is where the queue connects (a PgBouncer, say); default: the database.
 */
export async function startProbeInstance(
  databaseUrl: string,
  instance: string,
  queueUrl: string = databaseUrl,
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(
    ProbeInstanceModule.forRoot(databaseUrl, queueUrl, instance),
    { logger: false },
  );
  try {
    await app.get(JobQueue).start();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/** What /metrics would show for this instance. */
export function metricsOf(app: INestApplicationContext): Promise<string> {
  return app.get(MetricsService).registry.metrics();
}

/** Waits until every given job is in one of `states` (the test's own timeout bounds the wait). */
export async function waitForJobs(
  db: DataSource,
  ids: string[],
  states: string[] = ['completed'],
): Promise<void> {
  for (;;) {
    const [{ done }] = await db.query<Array<{ done: number }>>(
      `SELECT count(*)::int AS done FROM ${JOB_QUEUE_SCHEMA}.job
        WHERE id = ANY($1::uuid[]) AND state::text = ANY($2::text[])`,
      [ids, states],
    );
    if (done === ids.length) return;
    await sleep(200);
  }
}
