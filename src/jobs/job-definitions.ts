import type { EntityManager } from 'typeorm';

/**
 * How a module declares background work: a queue of its own, the code that
 * does one job, and how failures are retried. The data of a job is stored as
 * JSON in PostgreSQL until the job has run (and 7 days after, unless the
 * queue says less), so it holds what the job needs to find its work — ids,
 * addresses — never a lasting secret. The one exception is outgoing mail,
 * whose messages carry short-lived links and are deleted a minute after they
 * are sent (src/mail/mail-queue.ts).
 */

/** A queue's name and the shape of its jobs' data, so that `register` and `send` agree. */
export interface JobQueueName<Data extends object> {
  readonly name: string;
  /** Never set: carries the data type only. */
  readonly data?: Data;
}

/**
 * Names a queue: lower-case words joined by dashes, prefixed by the module
 * that owns it (`learning-log-retention`, `email`).
 */
export function jobQueue<Data extends object>(name: string): JobQueueName<Data> {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    throw new Error(`Job queue names are lower-case words joined by dashes (got "${name}").`);
  }
  return { name };
}

/** What a handler learns about the job it runs, besides its data. */
export interface JobContext {
  id: string;
  /** 0 on the first attempt, then how many attempts failed before this one. */
  retries: number;
  /** Aborted when the attempt ran past its timeout or the process stops: stop then. */
  signal: AbortSignal;
}

export interface JobQueueDefinition<Data extends object> {
  queue: JobQueueName<Data>;
  /**
   * Does one job. Throwing fails the attempt, which is retried after a delay
   * that doubles each time, until `retryLimit`. Another replica may run the
   * retry, and a job may run again after a crash, so a handler must be safe to
   * run twice (an email job records that it sent before it returns).
   */
  handle(data: Data, context: JobContext): Promise<void>;
  /** Retries after the first attempt before the job is marked failed. Default 5. */
  retryLimit?: number;
  /** Seconds before the first retry; each later one waits about twice as long, at most an hour. Default 30. */
  retryDelaySeconds?: number;
  /** How long one attempt may run before it counts as failed. Default 900 (15 minutes). */
  timeoutSeconds?: number;
  /** Seconds a finished job (done, or failed for good) stays in the table. Default 7 days. */
  keepFinishedSeconds?: number;
  /** Seconds a job may wait (not yet run, or between retries) before it is dropped unrun. Default 14 days. */
  keepWaitingSeconds?: number;
  /** Jobs of this queue one replica runs at the same time. Default 1. */
  concurrency?: number;
  /**
   * A cron expression, in UTC (`17 3 * * *`: 03:17 every day): the queue
   * gets one job at each occurrence, whatever the number of replicas. An
   * occurrence missed while no replica ran is sent once when one is back.
   */
  schedule?: string;
}

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /**
   * The transaction of the change that calls for the job: the job is stored
   * with that change, or not at all if it rolls back (an invitation email
   * exists exactly when its invitation does).
   */
  transaction?: EntityManager;
}
