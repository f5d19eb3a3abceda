import type { INestApplicationContext } from '@nestjs/common';
import type { Command } from 'commander';

/** What a command prints: `json` with --json (exactly one document on stdout), else `text`. */
export interface CliOutput {
  json: unknown;
  text: string;
}

export interface CliContext {
  /**
   * Opens the database (DATABASE_URL, or the embedded one in DATA_DIR, started
   * or attached to), runs `work` with the Nest application context, prints its
   * output, closes everything, and sets a non-zero exit on error (message on stderr).
   */
  run(
    options: { json?: boolean },
    work: (app: INestApplicationContext) => Promise<CliOutput>,
  ): Promise<void>;
  /** Everything on standard input (empty when there is none). */
  readStdin(): Promise<string>;
}

/** One command group of `content-api`, e.g. `keys`; each lives in its own file under commands/. */
export type CliCommand = (program: Command, cli: CliContext) => void;
