import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationShutdown,
} from '@nestjs/common';
import { PgBoss, type Job } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { JobQueueDefinition, JobQueueName, SendOptions } from './job-definitions.js';
import { JobMetrics } from './job-metrics.js';
import { JOB_QUEUE_DATABASE_URL } from './jobs.tokens.js';
import { pgBossOptions } from './pg-boss-options.js';

const DEFAULTS = {
  retryLimit: 5,
  retryDelaySeconds: 30,
  timeoutSeconds: 900,
  concurrency: 1,
  // pg-boss's own defaults, said here so that updateQueue puts them back when a queue drops its own.
  keepFinishedSeconds: 7 * 24 * 3_600,
  keepWaitingSeconds: 14 * 24 * 3_600,
};
const RETRY_DELAY_MAX_SECONDS = 3_600;
/** How often an idle worker asks for a job: the delay a new job may wait. */
const POLLING_INTERVAL_SECONDS = 2;
/**
 * Shutdown waits this long for running jobs; past it, they are failed and
 * retried elsewhere. The whole shutdown must fit in SHUTDOWN_DEADLINE_MS.
 */
const STOP_TIMEOUT_MS = 8_000;
/** The same error from the queue (a poll while the database is away) is logged once per this. */
const REPEATED_ERROR_QUIET_MS = 60_000;
const REMEMBERED_ERRORS = 100;

type AnyDefinition = JobQueueDefinition<object>;

/**
 * The service's one job queue: pg-boss on the service's PostgreSQL. A module
 * registers its queues while Nest builds the application (`onModuleInit`)
 * and sends jobs whenever; every job runs once, on whichever replica takes it
 * first, survives restarts (it is a row), and is retried with backoff.
 *
 * Nothing runs until `start()`, which the server calls once the migrations
 * have run (they make pg-boss's tables: job-queue-schema.ts); the CLI never
 * calls it, so a command never works jobs.
 */
@Injectable()
export class JobQueue implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private readonly definitions = new Map<string, AnyDefinition>();
  private readonly errorsLoggedAt = new Map<string, number>();
  private boss?: PgBoss;

  constructor(
    @Inject(JOB_QUEUE_DATABASE_URL) private readonly databaseUrl: string,
    private readonly metrics: JobMetrics,
  ) {}

  /** Declares a queue and the handler of its jobs. Call it from `onModuleInit`. */
  register<Data extends object>(definition: JobQueueDefinition<Data>): void {
    const { name } = definition.queue;
    if (this.boss) throw new Error(`Job queue "${name}" registered after the queue started.`);
    if (this.definitions.has(name)) throw new Error(`Job queue "${name}" registered twice.`);
    this.definitions.set(name, definition);
    this.metrics.track(name);
  }

  /** Stores a job; some replica runs it soon (or after `startAfter`). Returns its id. */
  async send<Data extends object>(
    queue: JobQueueName<Data>,
    data: Data,
    options: SendOptions = {},
  ): Promise<string> {
    if (!this.boss)
      throw new Error(`The job queue is not running: cannot send to "${queue.name}".`);
    if (!this.definitions.has(queue.name)) throw new Error(`Unknown job queue "${queue.name}".`);
    const id = await this.boss.send(queue.name, data, {
      startAfter: options.startAfter,
      db: options.transaction ? inTransaction(options.transaction) : undefined,
    });
    if (id === null) throw new Error(`The job queue refused a job for "${queue.name}".`);
    return id;
  }

  /**
   * Connects, creates or updates the registered queues and their schedules,
   * and starts this replica's workers. Refuses to start on a database whose
   * job-queue schema is missing or of another pg-boss version.
   */
  async start(): Promise<void> {
    const boss = new PgBoss({ ...pgBossOptions(this.databaseUrl), migrate: false });
    boss.on('error', (error: Error) => this.logRepeated('error', error.message));
    boss.on('warning', ({ message }: { message: string }) => this.logRepeated('warn', message));
    try {
      await boss.start();
    } catch (error) {
      await boss.stop({ graceful: false }).catch(() => undefined);
      throw schemaProblem(error as Error);
    }
    this.boss = boss;
    for (const definition of this.definitions.values()) await this.activate(boss, definition);
  }

  /** Stops taking jobs and lets running ones finish; sending still works until the HTTP server closed. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.boss?.stop({ graceful: true, close: false, timeout: STOP_TIMEOUT_MS });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.boss?.stop({ close: true });
  }

  private async activate(boss: PgBoss, definition: AnyDefinition): Promise<void> {
    const { name } = definition.queue;
    const options = {
      retryLimit: definition.retryLimit ?? DEFAULTS.retryLimit,
      retryDelay: definition.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: RETRY_DELAY_MAX_SECONDS,
      expireInSeconds: definition.timeoutSeconds ?? DEFAULTS.timeoutSeconds,
      deleteAfterSeconds: definition.keepFinishedSeconds ?? DEFAULTS.keepFinishedSeconds,
      retentionSeconds: definition.keepWaitingSeconds ?? DEFAULTS.keepWaitingSeconds,
    };
    // createQueue keeps an existing queue as it is; updateQueue applies options changed since.
    await boss.createQueue(name, options);
    await boss.updateQueue(name, options);
    if (definition.schedule !== undefined) {
      await boss.schedule(name, definition.schedule, {}, { tz: 'UTC', missed: 'once' });
    } else {
      await boss.unschedule(name);
    }
    await boss.work<object>(
      name,
      {
        batchSize: 1,
        localConcurrency: definition.concurrency ?? DEFAULTS.concurrency,
        pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
      },
      async ([job]) => this.run(definition, job, options.retryLimit),
    );
  }

  private async run(definition: AnyDefinition, job: Job<object>, retryLimit: number) {
    const { name } = definition.queue;
    try {
      await definition.handle(job.data, {
        id: job.id,
        retries: job.retryCount,
        signal: job.signal,
      });
    } catch (error) {
      this.metrics.failures.inc({ queue: name });
      const message = (error as Error).message;
      const attempt = job.retryCount + 1;
      if (job.retryCount >= retryLimit) {
        this.logger.error(
          `Job ${name} ${job.id} failed for good on attempt ${attempt}: ${message}`,
        );
      } else {
        this.logger.warn(
          `Job ${name} ${job.id} failed on attempt ${attempt}, will retry: ${message}`,
        );
      }
      throw error;
    }
  }

  private logRepeated(level: 'warn' | 'error', message: string): void {
    const now = Date.now();
    if (now - (this.errorsLoggedAt.get(message) ?? 0) < REPEATED_ERROR_QUIET_MS) return;
    // Messages carry details (addresses, worker ids): remember a bounded number of them.
    if (this.errorsLoggedAt.size >= REMEMBERED_ERRORS) this.errorsLoggedAt.clear();
    this.errorsLoggedAt.set(message, now);
    this.logger[level](`Job queue: ${message}`);
  }
}

/** pg-boss statements run inside the caller's TypeORM transaction. */
function inTransaction(manager: EntityManager) {
  return {
    executeSql: async (text: string, values?: unknown[]) => ({
      rows: await manager.query<unknown[]>(text, values),
    }),
  };
}

function schemaProblem(error: Error): Error {
  if (/not installed|requires migrations/.test(error.message)) {
    return new Error(
      `The job queue's tables are missing or of another version (${error.message}): run \`content-api migrate\`, or start with MIGRATE_ON_START=true.`,
    );
  }
  return error;
}
