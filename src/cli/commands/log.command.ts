import { InvalidArgumentError } from 'commander';
import { DataSource } from 'typeorm';
import {
  DEFAULT_LIST_LIMIT,
  LearningLogReader,
  type LearningLogView,
  MAX_LIST_LIMIT,
} from '../../learning-log/index.js';
import { isDay } from '../../common/dates.js';
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
    .option(
      '--from <day>',
      'first UTC day, YYYY-MM-DD (reads only the months of the range)',
      parseDayOption,
    )
    .option('--to <day>', 'last UTC day, YYYY-MM-DD', parseDayOption)
    .option('--json', JSON_OPTION_HELP)
    .action(
      (options: { account: number; limit?: number; from?: string; to?: string; json?: boolean }) =>
        cli.run(options, async (app) => {
          if (options.from !== undefined && options.to !== undefined && options.from > options.to) {
            throw new InvalidArgumentError('--from is after --to.');
          }
          // The reader needs only the database; the writer and upkeep jobs of LearningLogModule have no place in a command.
          const reader = new LearningLogReader(app.get(DataSource));
          const calls = await reader.list(options.account, {
            limit: options.limit ?? DEFAULT_LIST_LIMIT,
            from: options.from,
            to: options.to,
          });
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

function parseDayOption(value: string): string {
  if (!isDay(value)) throw new InvalidArgumentError('It must be a date as YYYY-MM-DD.');
  return value;
}

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
