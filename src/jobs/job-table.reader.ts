import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JOB_QUEUE_SCHEMA } from './pg-boss-options.js';

export const JOB_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job as `content-api jobs list` prints it (README, "Operator CLI"). Never its data. */
export interface JobView {
  id: string;
  queue: string;
  state: JobState;
  created_at: string;
  started_at: string | null;
  /** When it ended: completed, failed for good, or cancelled. */
  completed_at: string | null;
  /** Attempts that failed before the current or last one. */
  retries: number;
  /** What the latest failed attempt threw; null once the job completed. */
  last_error: string | null;
}

export interface JobFilter {
  queue?: string;
  state?: JobState;
  limit: number;
}

export const DEFAULT_JOB_LIST_LIMIT = 50;
export const MAX_JOB_LIST_LIMIT = 1_000;

interface JobRow {
  id: string;
  queue: string;
  state: JobState;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  retries: number;
  last_error: string | null;
}

/**
 * Reads pg-boss's job table, which its documentation offers for direct SQL.
 * Jobs are kept there until pg-boss's maintenance deletes them: 7 days after
 * they completed, 14 days unstarted.
 */
@Injectable()
export class JobTableReader {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest first. A failed attempt's error is pg-boss's serialised error; only its message is shown. */
  async list(filter: JobFilter): Promise<JobView[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.queue !== undefined) where.push(`name = $${params.push(filter.queue)}`);
    if (filter.state !== undefined) where.push(`state = $${params.push(filter.state)}`);
    const rows = await this.dataSource.query<JobRow[]>(
      `SELECT id, name AS queue, state::text AS state, created_on, started_on, completed_on,
              retry_count AS retries,
              CASE WHEN state <> 'completed' THEN output ->> 'message' END AS last_error
         FROM ${JOB_QUEUE_SCHEMA}.job
        ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY created_on DESC, id DESC
        LIMIT $${params.push(filter.limit)}`,
      params,
    );
    return rows.map((row) => ({
      id: row.id,
      queue: row.queue,
      state: row.state,
      created_at: row.created_on.toISOString(),
      started_at: row.started_on?.toISOString() ?? null,
      completed_at: row.completed_on?.toISOString() ?? null,
      retries: row.retries,
      last_error: row.last_error,
    }));
  }

  /** How many jobs each queue holds in each state (absent: none). */
  async counts(): Promise<Array<{ queue: string; state: JobState; jobs: number }>> {
    return this.dataSource.query(
      `SELECT name AS queue, state::text AS state, count(*)::int AS jobs
         FROM ${JOB_QUEUE_SCHEMA}.job GROUP BY name, state`,
    );
  }
}
