import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiError } from '../common/errors/api-error.js';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { openDatabase } from '../database/index.js';
import type { CliContext, CliOutput } from './cli-command.js';
import { CliModule } from './cli.module.js';

/** Where a run reads its environment and writes its output; tests pass their own. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** All of standard input, for commands that read a secret from it (`--password-stdin`). */
  stdin?: () => Promise<string>;
}

/** PostgreSQL's "undefined table" and "undefined column": the schema is behind the code. */
const SCHEMA_BEHIND = new Set(['42P01', '42703']);

/**
 * Runs one command: opens the database (DATABASE_URL, or the embedded one
 * of DATA_DIR, attached to if a server runs it, else started and stopped
 * again), builds the Nest application context without HTTP and with its logs
 * off, and prints the result. stdout carries only the result; every message
 * goes to stderr.
 */
export class NestCliContext implements CliContext {
  exitCode = 0;

  constructor(private readonly io: CliIo) {}

  readStdin(): Promise<string> {
    return this.io.stdin ? this.io.stdin() : Promise.resolve('');
  }

  async run(
    options: { json?: boolean },
    work: (app: INestApplicationContext) => Promise<CliOutput>,
  ): Promise<void> {
    try {
      const output = await this.withApp(work);
      this.io.stdout(
        options.json ? `${JSON.stringify(output.json, null, 2)}\n` : `${output.text}\n`,
      );
    } catch (error) {
      this.fail(error);
    }
  }

  private async withApp(
    work: (app: INestApplicationContext) => Promise<CliOutput>,
  ): Promise<CliOutput> {
    const config = loadConfig(this.io.env);
    const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
    const log = (message: string) => {
      if (verbose) this.io.stderr(`${message}\n`);
    };
    const database = await openDatabase(config, { debug: log, error: log });
    try {
      const app = await NestFactory.createApplicationContext(
        CliModule.forRoot(config, database.url),
        { logger: false, abortOnError: false },
      );
      try {
        return await work(app);
      } finally {
        await app.close();
      }
    } finally {
      await database.stop();
    }
  }

  private fail(error: unknown): void {
    this.exitCode = 1;
    const lines = [`error: ${describe(error)}`];
    if (error instanceof ApiError) {
      for (const detail of error.extras.details ?? []) {
        lines.push(`  ${detail.field}: ${detail.message}`);
      }
      for (const link of error.extras.protected_links ?? []) {
        lines.push(`  ${link.type} ${link.href} "${link.text}"`);
      }
    }
    this.io.stderr(`${lines.join('\n')}\n`);
  }
}

function describe(error: unknown): string {
  if (error instanceof ApiError || error instanceof ConfigError) return error.message;
  const { code, message } = error as { code?: string; message?: string };
  if (code !== undefined && SCHEMA_BEHIND.has(code)) {
    return 'the database schema is missing or out of date: run `content-api migrate` first (or start the server once).';
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
    return `cannot connect to the database: ${message ?? code}`;
  }
  return message ?? String(error);
}
