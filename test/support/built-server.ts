import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/common/net/free-port.js';

export const SERVER_ENTRY = fileURLToPath(new URL('../../dist/src/main.js', import.meta.url));

/** The built server run as in production (`node dist/src/main.js`, so signals reach it). */
export interface BuiltServer {
  process: ChildProcess;
  port: number;
  base: string;
  /** stdout, one JSON log line per entry. */
  stdout: string[];
  exited: Promise<number | null>;
}

/**
 * Starts the built server on a free port with only the given environment
 * (plus PATH) and waits until /health/ready answers 200.
 */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  if (!existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run \`npx nest build\` first.`);
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'content-api-data-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stdout: string[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    stdout.push(...lines);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  await waitUntil(
    async () => child.exitCode !== null || (await fetch(`${base}/health/ready`)).status === 200,
    60_000,
  );
  if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}.`);
  return { process: child, port, base, stdout, exited };
}

/** Polls until the condition holds; a condition that throws counts as not yet. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (
      await Promise.resolve()
        .then(condition)
        .catch(() => false)
    )
      return;
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition.');
    await sleep(everyMs);
  }
}
