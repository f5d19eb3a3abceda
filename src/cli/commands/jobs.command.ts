import { InvalidArgumentError } from 'commander';
import { DataSource } from 'typeorm';
import {
  DEFAULT_JOB_LIST_LIMIT,
  JOB_STATES,
  type JobState,
  JobTableReader,
  type JobView,
  MAX_JOB_LIST_LIMIT,
} from '../../jobs/index.js';
import { JSON_OPTION_HELP } from '../cli-arguments.js';
import type { CliCommand } from '../cli-command.js';

export const jobsCommand: CliCommand = (program, cli) => {
  const jobs = program
    .command('jobs')
    .description('the background job queue (pg-boss): what ran, what waits, what failed');

  jobs
    .command('list')
    .description('list jobs, newest first (never their data); works no job itself')
    .option('--queue <name>', 'only the jobs of this queue')
    .option('--state <state>', `only jobs in this state: ${JOB_STATES.join(', ')}`, parseState)
    .option(
      '--limit <n>',
      `how many jobs, 1 to ${MAX_JOB_LIST_LIMIT} (default: ${DEFAULT_JOB_LIST_LIMIT})`,
      parseLimit,
    )
    .option('--json', JSON_OPTION_HELP)
    .action((options: { queue?: string; state?: JobState; limit?: number; json?: boolean }) =>
      cli.run(options, async (app) => {
        // The reader needs only the database; the queue itself is never started by a command.
        const listed = await new JobTableReader(app.get(DataSource)).list({
          queue: options.queue,
          state: options.state,
          limit: options.limit ?? DEFAULT_JOB_LIST_LIMIT,
        });
        return {
          json: listed,
          text: listed.length === 0 ? 'No jobs.' : listed.map(describeJob).join('\n'),
        };
      }),
    );
};

function parseState(value: string): JobState {
  if (!(JOB_STATES as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`It must be one of ${JOB_STATES.join(', ')}.`);
  }
  return value as JobState;
}

function parseLimit(value: string): number {
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > MAX_JOB_LIST_LIMIT) {
    throw new InvalidArgumentError(`It must be a whole number from 1 to ${MAX_JOB_LIST_LIMIT}.`);
  }
  return Number(value);
}

function describeJob(job: JobView): string {
  return [
    job.created_at,
    job.state,
    job.queue,
    job.id,
    `retries ${job.retries}`,
    job.last_error ?? '',
  ]
    .join('  ')
    .trimEnd();
}
