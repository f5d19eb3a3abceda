import { ApiKeysService, type KeyView } from '../../auth/index.js';
import type { Scope } from '../../common/request/scopes.js';
import { JSON_OPTION_HELP, parseExpiryDay, parseId, parseScopes } from '../cli-arguments.js';
import type { CliCommand } from '../cli-command.js';

export const keysCommand: CliCommand = (program, cli) => {
  const keys = program.command('keys').description('create, list and revoke API keys');

  keys
    .command('create')
    .description('create an API key; the key is printed this once and stored only as a hash')
    .requiredOption('--account <id>', 'the account id', parseId)
    .option('--name <name>', 'a label to recognise the key by')
    .option('--scopes <scopes>', 'read, write or read,write (default: read,write)', parseScopes)
    .option(
      '--expires <YYYY-MM-DD>',
      'last day the key works: it stops at the following midnight UTC (default: never)',
      parseExpiryDay,
    )
    .option('--json', JSON_OPTION_HELP)
    .action(
      (options: {
        account: number;
        name?: string;
        scopes?: Scope[];
        expires?: Date;
        json?: boolean;
      }) =>
        cli.run(options, async (app) => {
          const created = await app.get(ApiKeysService).create(options.account, {
            name: options.name,
            scopes: options.scopes,
            expiresAt: options.expires,
          });
          return {
            json: created,
            text: [
              `Key ${created.id} created (${created.scopes.join(',')}; ${created.expires_at ? `expires ${created.expires_at}` : 'never expires'}).`,
              created.key,
              'Copy it now: it is not shown again.',
            ].join('\n'),
          };
        }),
    );

  keys
    .command('list')
    .description("list an account's keys (never the secrets)")
    .requiredOption('--account <id>', 'the account id', parseId)
    .option('--json', JSON_OPTION_HELP)
    .action((options: { account: number; json?: boolean }) =>
      cli.run(options, async (app) => {
        const list = await app.get(ApiKeysService).list(options.account);
        return {
          json: list,
          text:
            list.length === 0
              ? `Account ${options.account} has no keys.`
              : list.map(describeKey).join('\n'),
        };
      }),
    );

  keys
    .command('revoke')
    .description('revoke a key: it stops working on every replica within 10 seconds')
    .argument('<id>', 'the key id', parseId)
    .option('--json', JSON_OPTION_HELP)
    .action((id: number, options: { json?: boolean }) =>
      cli.run(options, async (app) => {
        const key = await app.get(ApiKeysService).revoke(id);
        return { json: key, text: describeKey(key) };
      }),
    );
};

function describeKey(key: KeyView): string {
  // A rotated key's revoked_at is ahead until its overlap ends.
  const state = key.revoked_at
    ? Date.parse(key.revoked_at) > Date.now()
      ? `rotated, works until ${key.revoked_at}`
      : `revoked ${key.revoked_at}`
    : key.expires_at
      ? `expires ${key.expires_at}`
      : 'active';
  return [
    `${key.id}`,
    `${key.prefix}…`,
    key.name ?? '-',
    key.scopes.join(','),
    `created ${key.created_at}`,
    `last used ${key.last_used_at ?? 'never'}`,
    state,
  ].join('  ');
}
