import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';
import { freePort } from '../../src/common/net/free-port.js';

/**
 * `nest build` runs the @nestjs/swagger CLI plugin (nest-cli.json); ts-jest,
 * with isolatedModules, cannot (the plugin needs the type checker). So the
 * document must not depend on the plugin: every DTO and operation declares
 * its schema explicitly. This proves it by building the app exactly as
 * `nest build` does, starting `dist/src/main.js` and comparing its document
 * with the one every other test sees. A difference names what the plugin
 * added: declare it explicitly.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PUBLIC_BASE_URL = 'https://reports.example.com';
/** A full type-checked build on a busy two-core machine. */
const BUILD_TIMEOUT_MS = 180_000;

const scratch: string[] = [];
function scratchFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(folder);
  return folder;
}

/** A copy of nest-cli.json that writes to `outDir` instead of ./dist. */
function buildConfig(outDir: string): string {
  const folder = scratchFolder('content-api-build-config-');
  const tsconfig = join(folder, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.build.json'),
      compilerOptions: { rootDir: ROOT, outDir, typeRoots: [join(ROOT, 'node_modules/@types')] },
      include: [join(ROOT, 'src'), join(ROOT, 'ormconfig.ts')],
      exclude: [join(ROOT, '**/*.spec.ts')],
    }),
  );
  const cli = JSON.parse(readFileSync(join(ROOT, 'nest-cli.json'), 'utf8'));
  // The CLI resolves these paths against the working directory.
  cli.compilerOptions = {
    ...cli.compilerOptions,
    tsConfigPath: relative(ROOT, tsconfig),
    allowOutsidePaths: true,
  };
  const cliPath = join(folder, 'nest-cli.json');
  writeFileSync(cliPath, JSON.stringify(cli));
  return relative(ROOT, cliPath);
}

async function build(): Promise<string> {
  const outDir = scratchFolder('content-api-dist-');
  await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'node_modules/@nestjs/cli/bin/nest.js'), 'build', '--config', buildConfig(outDir)],
    { cwd: ROOT },
  );
  // What `dist/` inherits from the project folder: ES modules and node_modules.
  writeFileSync(join(outDir, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(join(ROOT, 'node_modules'), join(outDir, 'node_modules'));
  return outDir;
}

async function fetchWhenUp(url: string, server: ChildProcess, output: () => string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (server.exitCode !== null) throw new Error(`The built app exited:\n${output()}`);
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return response.json();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The built app did not answer ${url}:\n${output()}`);
}

describe('the document of the built app', () => {
  let t: TestApp;
  let server: ChildProcess | undefined;
  let database: { url: string; drop(): Promise<void> } | undefined;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL });
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill();
      await exited;
    }
    await database?.drop();
    await t.close();
    for (const folder of scratch) rmSync(folder, { recursive: true, force: true });
  });

  it(
    'is the document the tests see, although only the build runs the Swagger plugin',
    async () => {
      const [outDir, port] = await Promise.all([build(), freePort()]);
      database = await createTestDatabase();
      let output = '';
      server = spawn(process.execPath, [join(outDir, 'src/main.js')], {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: database.url,
          DATA_DIR: scratchFolder('content-api-data-'),
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_BASE_URL,
          LOG_LEVEL: 'silent',
          MIGRATE_ON_START: 'false',
          SEED_DEMO: 'false',
        },
      });
      server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

      const built = await fetchWhenUp(
        `http://127.0.0.1:${port}/api/v1/openapi.json`,
        server,
        () => output,
      );
      const tested = (await request(t.http).get('/api/v1/openapi.json')).body;
      expect(built).toEqual(tested);
    },
    BUILD_TIMEOUT_MS,
  );
});
