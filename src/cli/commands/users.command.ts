import { InvalidArgumentError, Option } from 'commander';
import {
  SessionEpochs,
  USER_ROLES,
  type UserRole,
  UsersService,
  type UserStatus,
  type UserView,
  type UserWithLink,
} from '../../users/index.js';
import { SecondFactors } from '../../console/index.js';
import { JSON_OPTION_HELP, parseId } from '../cli-arguments.js';
import type { CliCommand, CliOutput } from '../cli-command.js';

export const usersCommand: CliCommand = (program, cli) => {
  const users = program
    .command('users')
    .description(
      'the people who sign in to the console: create, list, disable, reset passwords and second factors, end sessions',
    );

  users
    .command('create')
    .description(
      'create a user of an account; prints a one-time link (valid 24 hours) where they choose their password',
    )
    .requiredOption('--account <id>', 'the account id', parseId)
    .requiredOption('--email <email>', 'the email they sign in with (unique, any letter case)')
    .option('--name <name>', 'their name, as the console shows it')
    .addOption(
      new Option('--role <role>', 'owner: also manages users and any key')
        .choices(USER_ROLES)
        .default('member'),
    )
    .option(
      '--password-stdin',
      'read the password from standard input instead of printing a link (at least 12 characters)',
    )
    .option('--json', JSON_OPTION_HELP)
    .action(
      (options: {
        account: number;
        email: string;
        name?: string;
        role: UserRole;
        passwordStdin?: boolean;
        json?: boolean;
      }) =>
        cli.run(options, async (app) => {
          const password = options.passwordStdin ? passwordFrom(await cli.readStdin()) : undefined;
          const user = await app.get(UsersService).create(options.account, {
            email: options.email,
            name: options.name,
            role: options.role,
            password,
          });
          return withLink(user, 'created');
        }),
    );

  users
    .command('list')
    .description("list an account's users")
    .requiredOption('--account <id>', 'the account id', parseId)
    .option('--json', JSON_OPTION_HELP)
    .action((options: { account: number; json?: boolean }) =>
      cli.run(options, async (app) => {
        const list = await app.get(UsersService).list(options.account);
        return {
          json: list.map(({ account_id: _account, ...user }) => user),
          text:
            list.length === 0
              ? `Account ${options.account} has no users.`
              : list.map(describeUser).join('\n'),
        };
      }),
    );

  for (const [name, status, help] of [
    [
      'disable',
      'disabled',
      'stop a user from signing in; their sessions and the assistant connections they allowed end at once',
    ],
    ['enable', 'active', 'let a disabled user sign in again'],
  ] as const satisfies ReadonlyArray<readonly [string, UserStatus, string]>) {
    users
      .command(name)
      .description(help)
      .argument('<id>', 'the user id', parseId)
      .option('--json', JSON_OPTION_HELP)
      .action((id: number, options: { json?: boolean }) =>
        cli.run(options, async (app) => {
          const user = await app.get(UsersService).setStatus(id, status);
          return { json: user, text: describeUser(user) };
        }),
      );
  }

  users
    .command('reset-password')
    .description(
      'end the password and sessions of a user and print a fresh one-time link (valid 24 hours) to choose a new one',
    )
    .argument('<id>', 'the user id', parseId)
    .option('--json', JSON_OPTION_HELP)
    .action((id: number, options: { json?: boolean }) =>
      cli.run(options, async (app) =>
        withLink(await app.get(UsersService).resetPassword(id), 'can choose a new password'),
      ),
    );

  users
    .command('reset-factors')
    .description(
      'remove every second factor of a user who lost them all (authenticator app, passkeys, recovery codes) and end their sessions; check who they are first, as when they were invited',
    )
    .argument('<id>', 'the user id', parseId)
    .option('--json', JSON_OPTION_HELP)
    .action((id: number, options: { json?: boolean }) =>
      cli.run(options, async (app) => {
        const user = await app.get(UsersService).get(id);
        const removed = await app.get(SecondFactors).removeAll(id);
        await app.get(SessionEpochs).advance(id);
        return {
          json: { id, app_removed: removed.app, passkeys_removed: removed.passkeys },
          text: `User ${id} <${user.email}>: ${removed.app ? 'authenticator app' : 'no authenticator app'}, ${removed.passkeys} passkey(s) and every recovery code removed; their sessions are over. They sign in with their password and set up a new factor.`,
        };
      }),
    );

  users
    .command('sign-out')
    .description("end a user's console sessions, or with --all everyone's, on every replica")
    .argument('[id]', 'the user id', parseId)
    .option('--all', 'every user of every account')
    .option('--json', JSON_OPTION_HELP)
    .action((id: number | undefined, options: { all?: boolean; json?: boolean }) =>
      cli.run(options, async (app) => {
        if ((id === undefined) === (options.all !== true)) {
          throw new InvalidArgumentError('Give a user id or --all (not both).');
        }
        if (id === undefined) {
          const people = await app.get(SessionEpochs).advanceAll();
          return { json: { users: people }, text: `Every session of ${people} user(s) is over.` };
        }
        const user = await app.get(UsersService).get(id);
        await app.get(SessionEpochs).advance(id);
        return { json: { id }, text: `Every session of user ${id} <${user.email}> is over.` };
      }),
    );
};

/** The password piped in: one trailing line break (from `echo` or a file) is not part of it. */
function passwordFrom(input: string): string {
  const password = input.replace(/\r?\n$/, '');
  if (password === '') throw new InvalidArgumentError('No password on standard input.');
  return password;
}

function withLink(user: UserWithLink, what: string): CliOutput {
  const { id, account_id, email, name, role, status, set_password_url } = user;
  return {
    json: { id, account_id, email, name, role, status, set_password_url },
    text: [
      `User ${user.id} <${user.email}> (${user.role}, account ${user.account_id}) ${what}.`,
      ...(user.set_password_url === null
        ? []
        : [
            'Send them this one-time link to choose a password (valid 24 hours):',
            user.set_password_url,
          ]),
    ].join('\n'),
  };
}

function describeUser(user: UserView): string {
  return [
    `${user.id}`,
    user.email,
    user.name ?? '-',
    user.role,
    user.status,
    `created ${user.created_at}`,
    `last sign-in ${user.last_sign_in_at ?? 'never'}`,
  ].join('  ');
}
