#!/usr/bin/env node
// Builds dist/ with `nest build` and the MCP Apps' pages (build-mcp-apps.js), and records a fingerprint of what it was
// built from. With --if-changed (npm start) it builds only when that
// fingerprint differs: a start after `npm ci` (whose `prepare` builds) or
// after an earlier start takes no build at all.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildMcpApps } from './build-mcp-apps.js';

const root = join(import.meta.dirname, '..');
const stamp = join(root, 'dist', '.source-fingerprint');
/** Everything `nest build` reads: the sources and the settings that shape the output. */
const inputs = [
  'src',
  'mcp-apps',
  'scripts/build-mcp-apps.js',
  'ormconfig.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'nest-cli.json',
  'package-lock.json',
];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => files(join(root, input)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const current = fingerprint();
const built = existsSync(stamp) ? readFileSync(stamp, 'utf8') : undefined;
if (process.argv.includes('--if-changed') && built === current) {
  console.error('content-api: dist/ is up to date with the sources; not rebuilding.');
} else {
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/@nestjs/cli/bin/nest.js'), 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
  } catch {
    // nest has printed what failed.
    process.exit(1);
  }
  // After nest, which empties dist/.
  await buildMcpApps();
  writeFileSync(stamp, current);
}
