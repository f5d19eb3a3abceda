import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { httpRequest } from './http.js';

/** LOG_LEVEL's default in src/config/app-config.ts: what `npm start` and the image run with. */
export const SHIPPED_LOG_LEVEL = 'info';

/**
 * The environment every bench starts the service with: the given port, database and data
 * folder, the shipped log level (`info`, unless a run asks for another and says so), limits
 * out of the way (the load is the point), no Redis, production mode.
 */
export function serviceEnvironment({ port, databaseUrl, dataDir, logLevel = SHIPPED_LOG_LEVEL }) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    EDIT_LIMIT_PER_DAY: '1000000',
    NODE_ENV: 'production',
  };
}

/**
 * A child process the bench starts and stops itself: the node process is
 * spawned directly (no shell, no npm) so its pid is the one whose memory we
 * sample.
 */
export class Child {
  /** `command`: what to run instead of this node (e.g. `sh`, for a script that execs node). */
  constructor(name, args, env, cwd, command = process.execPath) {
    this.name = name;
    this.output = [];
    this.process = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk) => {
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.shift();
    };
    this.process.stdout.on('data', keep);
    this.process.stderr.on('data', keep);
    this.exited = new Promise((resolve) => this.process.once('exit', (code) => resolve(code)));
  }

  get pid() {
    return this.process.pid;
  }

  /**
   * How the running process's heap was set up (after any exec): its NODE_OPTIONS, and the
   * HEAP_GROWING_PERCENT the entrypoint gave it when there is one.
   */
  heapSettings() {
    const environ = readFileSync(`/proc/${this.pid}/environ`, 'utf8').split('\0');
    const value = (name) =>
      environ.find((entry) => entry.startsWith(`${name}=`))?.slice(name.length + 1);
    const growth = value('HEAP_GROWING_PERCENT');
    return `NODE_OPTIONS=\`${value('NODE_OPTIONS') ?? ''}\`${growth ? `, HEAP_GROWING_PERCENT=${growth}` : ''}`;
  }

  /** Waits until `url` answers any HTTP status; fails with the child's output if it exits first. */
  async ready(url, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    let exitCode;
    void this.exited.then((code) => (exitCode = code));
    while (Date.now() < deadline) {
      if (exitCode !== undefined) {
        throw new Error(`${this.name} exited (${exitCode}):\n${this.output.join('')}`);
      }
      try {
        await httpRequest(url);
        return;
      } catch {
        await sleep(250);
      }
    }
    throw new Error(`${this.name} did not answer ${url} in time:\n${this.output.join('')}`);
  }

  async stop() {
    if (this.process.exitCode !== null) return;
    this.process.kill('SIGTERM');
    const killed = await Promise.race([this.exited, sleep(10_000).then(() => 'timeout')]);
    if (killed === 'timeout') this.process.kill('SIGKILL');
  }
}

/** Resident memory of a process in bytes, from /proc (Linux), or null where there is none. */
export function rssBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs`; `peakSince(mark)` gives the peak after a mark. */
export class MemorySampler {
  constructor(pid, everyMs = 200) {
    this.samples = [];
    this.timer = setInterval(() => {
      const bytes = rssBytes(pid);
      if (bytes !== null) this.samples.push(bytes);
    }, everyMs);
    this.timer.unref();
  }

  mark() {
    return this.samples.length;
  }

  peakSince(mark) {
    const window = this.samples.slice(mark);
    return window.length === 0 ? null : Math.max(...window);
  }

  get peak() {
    return this.samples.length === 0 ? null : Math.max(...this.samples);
  }

  stop() {
    clearInterval(this.timer);
  }
}
