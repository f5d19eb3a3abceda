import { DataSource } from 'typeorm';
import { runMigrations } from '../../database/migrator.js';
import { JSON_OPTION_HELP } from '../cli-arguments.js';
import type { CliCommand } from '../cli-command.js';

export const migrateCommand: CliCommand = (program, cli) => {
  program
    .command('migrate')
    .description('apply pending database migrations (under a lock: safe while replicas start)')
    .option('--json', JSON_OPTION_HELP)
    .action((options: { json?: boolean }) =>
      cli.run(options, async (app) => {
        const applied = await runMigrations(app.get(DataSource));
        return {
          json: { applied },
          text:
            applied.length === 0
              ? 'The database is up to date; no migration to apply.'
              : `Applied ${applied.length} migration(s): ${applied.join(', ')}`,
        };
      }),
    );
};
