import { Option } from 'commander';
import { AccountsService, type AccountView, type Plan, PLANS } from '../../auth/index.js';
import { JSON_OPTION_HELP, parseId } from '../cli-arguments.js';
import type { CliCommand, CliOutput } from '../cli-command.js';

export const accountsCommand: CliCommand = (program, cli) => {
  const accounts = program.command('accounts').description('create, suspend and resume accounts');

  accounts
    .command('create')
    .description('create an account')
    .requiredOption('--name <name>', 'the account name')
    .addOption(new Option('--plan <plan>', 'the plan').choices(PLANS).makeOptionMandatory())
    .option('--json', JSON_OPTION_HELP)
    .action((options: { name: string; plan: Plan; json?: boolean }) =>
      cli.run(options, async (app) =>
        output(await app.get(AccountsService).create(options.name, options.plan), 'created'),
      ),
    );

  for (const [name, status, help] of [
    ['suspend', 'suspended', 'suspend an account: its keys get 403 account_suspended'],
    ['resume', 'active', 'resume a suspended account'],
  ] as const) {
    accounts
      .command(name)
      .description(help)
      .argument('<id>', 'the account id', parseId)
      .option('--json', JSON_OPTION_HELP)
      .action((id: number, options: { json?: boolean }) =>
        cli.run(options, async (app) =>
          output(await app.get(AccountsService).setStatus(id, status), `now ${status}`),
        ),
      );
  }
};

function output(account: AccountView, what: string): CliOutput {
  return {
    json: account,
    text: `Account ${account.id} "${account.name}" (${account.plan}, ${account.status}) is ${what}.`,
  };
}
