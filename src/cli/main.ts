import 'reflect-metadata';
import { Command, CommanderError } from 'commander';
import { NestCliContext, type CliIo } from './cli-context.js';
import { COMMANDS } from './commands/index.js';

const PROCESS_IO: CliIo = {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: async () => {
    if (process.stdin.isTTY) return '';
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

/**
 * Runs `content-api <argv…>` and resolves to the exit code. Never exits the
 * process itself, so tests run it in-process with their own `io`.
 */
export async function runCli(argv: string[], io: CliIo = PROCESS_IO): Promise<number> {
  const cli = new NestCliContext(io);
  const program = new Command('content-api')
    .description(
      'Operate content-api: migrations, accounts, API keys, imports and the demo account. Uses the same environment as the server (DATABASE_URL, or the embedded database in DATA_DIR whether or not the server runs).',
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showSuggestionAfterError();
  for (const register of COMMANDS) register(program, cli);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    throw error;
  }
  return cli.exitCode;
}
