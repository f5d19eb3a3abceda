import { InvalidArgumentError } from 'commander';
import { DataSource } from 'typeorm';
import {
  DEFAULT_LIST_LIMIT,
  LearningLogReader,
  LearningLogView,
  MAX_LIST_LIMIT,
} from '../../audit/learning-log.reader.js';
import { JSON_OPTION_HELP, parseId } from '../cli-arguments.js';
import type { CliCommand } from '../cli-command.js';

export const logCommand: CliCommand = (program, cli) => {
  const log = program.command('log').description('the learning log: every API and agent call');

  log
    .command('list')
    .description("list an account's calls, newest first")
    .requiredOption('--account <id>', 'the account id', parseId)
    .option(
      '--limit <n>',
      `how many calls, 1 to ${MAX_LIST_LIMIT} (default: ${DEFAULT_LIST_LIMIT})`,
      parseLimit,
    )
    .option('--json', JSON_OPTION_HELP)
    .action((options: { account: number; limit?: number; json?: boolean }) =>
      cli.run(options, async (app) => {
        // The reader needs only the database; the writer and pruner of AuditModule have no place in a command.
        const reader = new LearningLogReader(app.get(DataSource));
        const calls = await reader.list(options.account, options.limit ?? DEFAULT_LIST_LIMIT);
        return {
          json: calls,
          text:
            calls.length === 0
              ? `Account ${options.account} has no logged calls.`
              : calls.map(describeCall).join('\n'),
        };
      }),
    );
};

function parseLimit(value: string): number {
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > MAX_LIST_LIMIT) {
    throw new InvalidArgumentError(`It must be a whole number from 1 to ${MAX_LIST_LIMIT}.`);
  }
  return Number(value);
}

function describeCall(call: LearningLogView): string {
  return [
    call.occurred_at,
    String(call.status),
    call.channel,
    call.operation ?? '-',
    `${call.method ?? ''} ${call.path ?? ''}`.trim() || '-',
    `key ${call.key_id ?? '-'}`,
    `${call.duration_ms} ms`,
    call.error ?? '',
    call.request_id ?? '',
  ].join('  ');
}
