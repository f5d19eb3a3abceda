import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { migrateDatabase } from '../../database/index.js';
import { migrateJobQueueSchema } from '../../jobs/index.js';
import { JSON_OPTION_HELP } from '../cli-arguments.js';
import type { CliCommand } from '../cli-command.js';

export const migrateCommand: CliCommand = (program, cli) => {
  program
    .command('migrate')
    .description('apply pending database migrations (under a lock: safe while replicas start)')
    .option('--json', JSON_OPTION_HELP)
    .action((options: { json?: boolean }) =>
      cli.run(options, async (app) => {
        const applied = await migrateDatabase(app.get(DataSource), app.get<AppConfig>(APP_CONFIG), [
          migrateJobQueueSchema,
        ]);
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
