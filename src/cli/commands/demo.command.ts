import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { demoBanner, DemoService } from '../../demo/index.js';
import { JSON_OPTION_HELP } from '../cli-arguments.js';
import type { CliCommand } from '../cli-command.js';

export const demoCommand: CliCommand = (program, cli) => {
  program
    .command('demo')
    .summary('create the demo account if missing, and print a new key for it')
    .description(
      'create the demo account ("Demo Agency", agency plan) with realistic data if it is missing, and print a new key for it (also saved in DATA_DIR/demo-api-key, which the server prints at start)',
    )
    .option('--json', JSON_OPTION_HELP)
    .action((options: { json?: boolean }) =>
      cli.run(options, async (app) => {
        const access = await app.get(DemoService).createKey();
        const config = app.get<AppConfig>(APP_CONFIG);
        return { json: access, text: demoBanner(access, config.publicBaseUrl) };
      }),
    );
};
