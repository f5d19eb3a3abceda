import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The served document through independent linters, as CI runs them: Redocly
 * (recommended rules), Spectral (spectral:oas) and Spectral with the OWASP
 * API Security ruleset (its findings that do not apply are turned off in
 * .spectral-owasp.yaml, each with its reason). Each must report nothing:
 * no error, no warning. The configured public address is an https one, as a
 * production deployment has.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const SPECTRAL = join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js');
const LINT_TIMEOUT_MS = 120_000;

interface Finding {
  rule: string;
  where: string;
  message: string;
}

const run = promisify(execFile);

describe('the OpenAPI document, linted', () => {
  let t: TestApp;
  let folder: string;
  let documentPath: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL: 'https://content-api.agency.test' });
    folder = mkdtempSync(join(tmpdir(), 'content-api-openapi-lint-'));
    documentPath = join(folder, 'openapi.json');
    const served = await request(t.http).get('/api/v1/openapi.json');
    writeFileSync(documentPath, JSON.stringify(served.body, null, 2));
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await t.close();
  });

  async function redocly(): Promise<Finding[]> {
    const { stdout } = await run(
      process.execPath,
      [REDOCLY, 'lint', '--config', join(ROOT, 'redocly.yaml'), '--format=json', documentPath],
      {
        cwd: ROOT,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((failure: { stdout: string }) => failure);
    const report = JSON.parse(stdout) as {
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    return report.problems.map((problem) => ({
      rule: problem.ruleId,
      where: problem.location[0]?.pointer ?? '',
      message: problem.message,
    }));
  }

  async function spectral(ruleset: string): Promise<Finding[]> {
    const output = join(folder, `${ruleset}.json`);
    await run(
      process.execPath,
      [SPECTRAL, 'lint', '-r', join(ROOT, ruleset), '-f', 'json', '-o', output, documentPath],
      { cwd: ROOT },
    ).catch(() => undefined);
    const report = JSON.parse(readFileSync(output, 'utf8')) as Array<{
      code: string;
      path: string[];
      message: string;
    }>;
    return report.map((finding) => ({
      rule: finding.code,
      where: finding.path.join('/'),
      message: finding.message,
    }));
  }

  it(
    'passes Redocly’s recommended rules with no error and no warning',
    async () => {
      expect(await redocly()).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'passes Spectral’s spectral:oas rules with no error and no warning',
    async () => {
      expect(await spectral('.spectral.yaml')).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'passes the OWASP API Security rules that apply, with no error and no warning',
    async () => {
      expect(await spectral('.spectral-owasp.yaml')).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );
});
