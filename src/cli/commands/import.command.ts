import { ImportService } from '../../import/index.js';
import { JSON_OPTION_HELP, parseId } from '../cli-arguments.js';
import type { CliCommand } from '../cli-command.js';

export const importCommand: CliCommand = (program, cli) => {
  program
    .command('import')
    .summary('import sites, articles and backlinks from a JSON file')
    .description(
      [
        'Import sites, articles and backlinks from a JSON file (its format: docs/api-guide.md, "The import file").',
        'The file is streamed and written in one transaction: any problem rejects it whole, and each problem is listed with its JSON path.',
        'Items are matched by "ref" (sites within the account, articles and backlinks within their site) and updated in place, so re-importing a file changes nothing; a field left out is stored as null. An item without "ref" cannot be matched and is created anew on every import. A site\'s "ref" must come before its "articles" and "backlinks".',
        'word_count is computed from the body. An article created, or whose title, body or featured image changes, gets a revision whose origin is its "revision_origin" (api, mcp, editor or rewrite; default editor).',
      ].join('\n\n'),
    )
    .requiredOption('--account <id>', 'the account to import into', parseId)
    .argument('<file>', 'the JSON file')
    .option('--json', JSON_OPTION_HELP)
    .action((file: string, options: { account: number; json?: boolean }) =>
      cli.run(options, async (app) => {
        const counts = await app.get(ImportService).importFile(options.account, file);
        return {
          json: counts,
          text: `Imported ${counts.sites} site(s), ${counts.articles} article(s) and ${counts.backlinks} backlink(s) into account ${options.account}.`,
        };
      }),
    );
};
