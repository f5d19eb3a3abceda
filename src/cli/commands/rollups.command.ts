import { DataSource } from 'typeorm';
import { ARTICLE_ROLLUP_SOURCE, REVISION_ROLLUP_SOURCE } from '../../articles/index.js';
import { BACKLINK_ROLLUP_SOURCE } from '../../backlinks/index.js';
import { type RebuildResult, RollupsRebuilder } from '../../rollups/index.js';
import { JSON_OPTION_HELP, parseId } from '../cli-arguments.js';
import type { CliCommand } from '../cli-command.js';

export const rollupsCommand: CliCommand = (program, cli) => {
  const rollups = program
    .command('rollups')
    .description('the counts behind list totals, stats and deep pages');

  rollups
    .command('rebuild')
    .description(
      'recount the daily, site and report rollups from the articles, revisions and backlinks (writes wait while it runs; reads do not)',
    )
    .option('--site <id>', 'only this site (default: every site)', parseId)
    .option('--json', JSON_OPTION_HELP)
    .action((options: { site?: number; json?: boolean }) =>
      cli.run(options, async (app) => {
        // The rebuild needs only the database and what the owners count; the read side's module
        // has no place in a command.
        const rebuilder = new RollupsRebuilder(app.get(DataSource), {
          articles: ARTICLE_ROLLUP_SOURCE,
          backlinks: BACKLINK_ROLLUP_SOURCE,
          revisions: REVISION_ROLLUP_SOURCE,
        });
        const result = await rebuilder.rebuild(options.site);
        return { json: result, text: describe(result) };
      }),
    );
};

function describe(result: RebuildResult): string {
  const scope = result.site_id === null ? 'every site' : `site ${result.site_id}`;
  return (
    `Rebuilt the rollups of ${scope}: ${result.article_rows} daily article rows, ` +
    `${result.backlink_rows} daily backlink rows, ${result.report_rows} daily report rows; ` +
    `${result.corrected_rows} row(s) corrected.`
  );
}
